import { useState } from 'react';
import { buttonClass } from '../ui/button.js';
import { Icon } from '../ui/icons.js';

type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

/** `className` lets the navigation bar hide its copy on phones; the mobile menu's copy stays. */
export function ThemeToggle({ className }: { className?: string | undefined }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', icon: true }, className)}
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        document.documentElement.dataset['theme'] = next;
        localStorage.setItem('theme', next);
        setTheme(next);
      }}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
