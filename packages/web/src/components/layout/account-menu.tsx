import { Link } from 'react-router';
import type { User } from '../../api/types.js';
import { Icon } from '../ui/icons.js';
import { Popover } from '../ui/popover.js';
import { ACCOUNT_ENTRIES, type AccountEntry } from './account-entries.js';
import { RoleBadge } from './role-badge.js';
import { buttonClass } from '../ui/button.js';
import styles from './account-menu.module.css';
import menu from './menu.module.css';

interface AccountMenuProps {
  user: User;
  onAction(action: NonNullable<AccountEntry['action']>): void;
}

export function AccountMenu({ user, onAction }: AccountMenuProps) {
  return (
    <Popover
      label="Account"
      width={260}
      trigger={(props) => (
        <button
          type="button"
          className={buttonClass({ variant: 'ghost', size: 'sm' }, styles.trigger)}
          aria-label="Account menu"
          {...props}
        >
          <span className={styles.avatar} aria-hidden="true">
            {user.email.slice(0, 1)}
          </span>
          <Icon name="chevronDown" size={14} />
        </button>
      )}
    >
      {(close) => (
        <div>
          <div className={menu.menuHead}>
            <div className={styles.email}>{user.email}</div>
            <div className={styles.role}>
              <RoleBadge role={user.role} />
            </div>
          </div>
          <div className={menu.menuSep} />
          <AccountEntries onAction={onAction} onDone={close} />
        </div>
      )}
    </Popover>
  );
}

export function AccountEntries({
  onAction,
  onDone,
}: {
  onAction: AccountMenuProps['onAction'];
  onDone(): void;
}) {
  return (
    <nav aria-label="Account">
      {ACCOUNT_ENTRIES.map((entry) =>
        entry.to ? (
          <Link key={entry.label} to={entry.to} className={menu.menuItem} onClick={onDone}>
            <Icon name={entry.icon} size={17} />
            {entry.label}
          </Link>
        ) : (
          <button
            key={entry.label}
            type="button"
            className={menu.menuItem}
            onClick={() => {
              onDone();
              onAction(entry.action!);
            }}
          >
            <Icon name={entry.icon} size={17} />
            {entry.label}
          </button>
        ),
      )}
    </nav>
  );
}
