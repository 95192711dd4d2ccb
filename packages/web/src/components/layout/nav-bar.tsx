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

export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="RepoBundle home">
      <span className="brand-mark">
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
    <header className="nav">
      <div className="container nav-inner">
        <Brand />
        <nav className="nav-links" aria-label="Main">
          {visibleLinks(Boolean(user)).map((link) => (
            <NavLink key={link.to} to={link.to} end className="nav-link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="nav-actions">
          <ThemeToggle />
          {user ? (
            <>
              <span className="hide-mobile">
                <RoleBadge role={user.role} />
              </span>
              <CreditsDropdown user={user} />
              <span className="hide-mobile">
                <AccountMenu user={user} onAction={onAction} />
              </span>
            </>
          ) : (
            <>
              <Link to="/auth" className={buttonClass({ variant: 'ghost' }, 'hide-mobile')}>
                Sign in
              </Link>
              <Link
                to="/auth?tab=signup"
                className={buttonClass({ variant: 'primary' }, 'hide-mobile')}
              >
                Get Started
              </Link>
            </>
          )}
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', icon: true }, 'nav-burger')}
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
