import { useState } from 'react';
import { buttonClass } from '../ui/button.js';
import { Icon } from '../ui/icons.js';

type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

/** `inMenu`: the copy inside the mobile menu, always shown (the bar's copy hides on phones). */
export function ThemeToggle({ inMenu = false }: { inMenu?: boolean }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', icon: true }, inMenu ? '' : 'theme-toggle')}
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
