import { useId, useState, type ReactNode } from 'react';
import { Icon } from './ui/icons.js';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Accordion: one answer open at a time, each header a real button with aria-expanded. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <div className="faq">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div key={item.question} className="faq-item">
            <h3>
              <button
                type="button"
                className="faq-question"
                aria-expanded={expanded}
                aria-controls={`${baseId}-${index}`}
                onClick={() => setOpen(expanded ? null : index)}
              >
                {item.question}
                <Icon
                  name="chevronDown"
                  className={expanded ? 'faq-chevron open' : 'faq-chevron'}
                />
              </button>
            </h3>
            <div id={`${baseId}-${index}`} className="faq-answer" hidden={!expanded}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
