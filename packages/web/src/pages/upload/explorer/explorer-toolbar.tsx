import { Button } from '../../../components/ui/button.js';
import { Icon } from '../../../components/ui/icons.js';
import { languageLabel } from '../../../components/code-browser/index.js';
import type { ExplorerState } from './use-explorer.js';
import { LinkButton } from '../../../components/ui/link-button.js';

/** Search, Check All / Uncheck All, and the language filter built from the languages present. */
export function ExplorerToolbar({ explorer }: { explorer: ExplorerState }) {
  const { tree, languages } = explorer;
  const allOn = tree.languages.every((entry) => languages.has(entry.language));
  return (
    <div className="explorer-toolbar">
      <div className="explorer-toolbar-row">
        <div className="search-field explorer-search">
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
        <div className="row explorer-actions">
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
        <div className="language-filters" role="group" aria-label="Language filter">
          {tree.languages.map((entry) => (
            <button
              key={entry.language}
              type="button"
              className="chip"
              aria-pressed={languages.has(entry.language)}
              onClick={() => explorer.toggleLanguage(entry.language)}
            >
              {languageLabel(entry.language)}
              <span className="chip-count">{entry.count.toLocaleString('en-US')}</span>
            </button>
          ))}
          {tree.languages.length > 1 && (
            <LinkButton className="chip-all" onClick={() => explorer.setAllLanguages(!allOn)}>
              {allOn ? 'Clear languages' : 'All languages'}
            </LinkButton>
          )}
        </div>
      )}
    </div>
  );
}
