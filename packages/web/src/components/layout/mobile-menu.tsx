import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router';
import type { User } from '../../api/types.js';
import { Icon } from '../ui/icons.js';
import { AccountEntries } from './account-menu.js';
import type { AccountEntry } from './account-entries.js';
import { CreditsSummary } from './credits-dropdown.js';
import { visibleLinks } from './nav-links.js';
import { RoleBadge } from './role-badge.js';
import { ThemeToggle } from './theme-toggle.js';
import { buttonClass } from '../ui/button.js';
import { cx } from '../../lib/class-names.js';
import styles from './mobile-menu.module.css';
import menu from './menu.module.css';
import nav from './nav-bar.module.css';

interface MobileMenuProps {
  user: User | null;
  onClose(): void;
  onAction(action: NonNullable<AccountEntry['action']>): void;
}

/** Slide-in menu for narrow screens with the same entries as the bar and the account menu. */
export function MobileMenu({ user, onClose, onAction }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <>
      {/* Escape closes the menu for the keyboard; the backdrop is the pointer's way out. */}
      <div className={styles.backdrop} role="presentation" onClick={onClose} />
      <div ref={panel} className={styles.drawer} role="dialog" aria-modal="true" aria-label="Menu">
        <div className={`row ${styles.head}`}>
          <span className={nav.brand}>Menu</span>
          <span className={`row ${styles.headActions}`}>
            <ThemeToggle />
            <button
              type="button"
              className={buttonClass({ variant: 'ghost', icon: true })}
              aria-label="Close menu"
              onClick={onClose}
            >
              <Icon name="close" />
            </button>
          </span>
        </div>
        <nav aria-label="Main" className={`stack ${styles.nav}`}>
          {visibleLinks(Boolean(user)).map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) => cx(menu.menuItem, isActive && menu.active)}
              onClick={onClose}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className={menu.menuSep} />
        {user ? (
          <>
            <div className={menu.menuHead}>
              <div className={styles.email}>{user.email}</div>
              <div className={styles.role}>
                <RoleBadge role={user.role} />
              </div>
            </div>
            <CreditsSummary user={user} onNavigate={onClose} />
            <div className={menu.menuSep} />
            <AccountEntries onAction={onAction} onDone={onClose} />
          </>
        ) : (
          <div className={`stack ${styles.actions}`}>
            <Link
              to="/auth"
              className={buttonClass({ variant: 'secondary', block: true })}
              onClick={onClose}
            >
              Sign in
            </Link>
            <Link
              to="/auth?tab=signup"
              className={buttonClass({ variant: 'primary', block: true })}
              onClick={onClose}
            >
              Get Started
            </Link>
          </div>
        )}
      </div>
    </>,
    document.body,
  );
}
