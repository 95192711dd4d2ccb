import { Button } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import { useCopy } from './file-actions.js';
import { JobIcon } from './job-icons.js';
import jobPageStyles from './job-page.module.css';

/** Copy with the spec's 2 s "Copied" confirmation; disabled until the text has loaded. */
export function CopyTextButton({
  text,
  className,
}: {
  text: string | undefined;
  className?: string;
}) {
  const { copied, copy } = useCopy();
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      disabled={text === undefined}
      onClick={() => text !== undefined && void copy(text)}
    >
      {copied ? <Icon name="check" size={15} /> : <JobIcon name="copy" size={15} />}
      <span className={jobPageStyles.btnText}>{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
