import { useCallback, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useSession } from '../../session/session-context.js';
import { useTour } from '../tour/tour-context.js';
import { Icon } from '../ui/icons.js';
import { AccountMenu } from './account-menu.js';
import type { AccountEntry } from './account-entries.js';
import { CreditsDropdown } from './credits-dropdown.js';
import { MobileMenu } from './mobile-menu.js';
import { visibleLinks } from './nav-links.js';
import { RoleBadge } from './role-badge.js';
import { ThemeToggle } from './theme-toggle.js';
import { buttonClass } from '../ui/button.js';
import { cx } from '../../lib/class-names.js';
import styles from './nav-bar.module.css';

export function Brand() {
  return (
    <Link to="/" className={styles.brand} aria-label="RepoBundle home">
      <span className={styles.brandMark}>
        <Icon name="logo" size={18} />
      </span>
      RepoBundle
    </Link>
  );
}

export function NavBar() {
  const { user, logout } = useSession();
  const { openTour } = useTour();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const onAction = (action: NonNullable<AccountEntry['action']>) => {
    if (action === 'tour') {
      openTour(false);
      return;
    }
    logout();
    void navigate('/', { replace: true });
  };

  return (
    <header className={styles.nav}>
      <div className={`container ${styles.inner}`}>
        <Brand />
        <nav className={styles.links} aria-label="Main">
          {visibleLinks(Boolean(user)).map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) => cx(styles.link, isActive && styles.active)}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          <ThemeToggle className={styles.themeToggle} />
          {user ? (
            <>
              <span className={styles.hideMobile}>
                <RoleBadge role={user.role} />
              </span>
              <CreditsDropdown user={user} />
              <span className={styles.hideMobile}>
                <AccountMenu user={user} onAction={onAction} />
              </span>
            </>
          ) : (
            <>
              <Link to="/auth" className={buttonClass({ variant: 'ghost' }, styles.hideMobile)}>
                Sign in
              </Link>
              <Link
                to="/auth?tab=signup"
                className={buttonClass({ variant: 'primary' }, styles.hideMobile)}
              >
                Get Started
              </Link>
            </>
          )}
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', icon: true }, styles.burger)}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu user={user} onClose={closeMenu} onAction={onAction} />}
    </header>
  );
}
