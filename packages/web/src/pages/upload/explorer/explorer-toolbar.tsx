import { Button } from '../../../components/ui/button.js';
import { Icon } from '../../../components/ui/icons.js';
import { languageLabel } from '../../../components/code-browser/index.js';
import type { ExplorerState } from './use-explorer.js';
import { LinkButton } from '../../../components/ui/link-button.js';
import { Chip } from '../chip.js';
import styles from './explorer-toolbar.module.css';

/** Search, Check All / Uncheck All, and the language filter built from the languages present. */
export function ExplorerToolbar({ explorer }: { explorer: ExplorerState }) {
  const { tree, languages } = explorer;
  const allOn = tree.languages.every((entry) => languages.has(entry.language));
  return (
    <div className={styles.explorerToolbar}>
      <div className={styles.explorerToolbarRow}>
        <div className={`search-field ${styles.explorerSearch}`}>
          <Icon name="search" size={16} />
          <input
            className="input"
            type="search"
            placeholder="Search files…"
            aria-label="Search files"
            value={explorer.query}
            onChange={(event) => explorer.setQuery(event.target.value)}
          />
        </div>
        <div className={`row ${styles.explorerActions}`}>
          <Button variant="secondary" size="sm" onClick={() => explorer.setAll(true)}>
            <Icon name="check" size={15} />
            Check All
          </Button>
          <Button variant="secondary" size="sm" onClick={() => explorer.setAll(false)}>
            <Icon name="x" size={15} />
            Uncheck All
          </Button>
        </div>
      </div>
      {tree.languages.length > 0 && (
        <div className={styles.languageFilters} role="group" aria-label="Language filter">
          {tree.languages.map((entry) => (
            <Chip
              key={entry.language}
              pressed={languages.has(entry.language)}
              onClick={() => explorer.toggleLanguage(entry.language)}
              count={entry.count.toLocaleString('en-US')}
            >
              {languageLabel(entry.language)}
            </Chip>
          ))}
          {tree.languages.length > 1 && (
            <LinkButton className={styles.chipAll} onClick={() => explorer.setAllLanguages(!allOn)}>
              {allOn ? 'Clear languages' : 'All languages'}
            </LinkButton>
          )}
        </div>
      )}
    </div>
  );
}
