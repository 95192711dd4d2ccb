import { Link } from 'react-router';
import { SOCIAL_URL, SUPPORT_EMAIL } from '../../lib/site-config.js';
import { Icon } from '../ui/icons.js';
import { Brand } from './nav-bar.js';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <div className={`stack ${styles.contact}`}>
          <Brand />
          <p className="faint">© {new Date().getFullYear()} RepoBundle. Your code stays yours.</p>
        </div>
        <nav className={styles.links} aria-label="Footer">
          <a href={`mailto:${SUPPORT_EMAIL}`} className={`row ${styles.contactLink}`}>
            <Icon name="mail" size={16} />
            {SUPPORT_EMAIL}
          </a>
          <a
            href={SOCIAL_URL}
            target="_blank"
            rel="noreferrer"
            className={`row ${styles.contactLink}`}
          >
            <Icon name="github" size={16} />
            GitHub
          </a>
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
        </nav>
      </div>
    </footer>
  );
}
