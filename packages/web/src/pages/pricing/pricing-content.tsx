import type { FaqItem } from '../../components/faq.js';
import type { IconName } from '../../components/ui/icons.js';

export const COMPARISON: ReadonlyArray<{
  feature: string;
  free: string;
  starter: string;
  pro: string;
}> = [
  {
    feature: 'Credits per month',
    free: '100',
    starter: '1,000 (1,200 yearly)',
    pro: '5,000 (6,000 yearly)',
  },
  { feature: 'Lines per job', free: '100k', starter: '750k', pro: '2M' },
  { feature: 'Upload size', free: '10MB', starter: '50MB', pro: '200MB' },
  {
    feature: 'Output formats',
    free: 'md, txt',
    starter: 'md, json, txt, xml',
    pro: 'All formats + custom',
  },
  { feature: 'GitHub repository import', free: '—', starter: '✓', pro: '✓' },
  { feature: 'Private repositories', free: '—', starter: '✓', pro: '✓' },
  { feature: 'Secret redaction', free: '✓', starter: '✓', pro: '✓' },
  { feature: 'Smart chunking', free: '✓', starter: '✓', pro: '✓' },
  { feature: 'Signatures-only compression', free: '✓', starter: '✓', pro: '✓' },
  { feature: 'Packing to a token budget', free: '—', starter: '✓', pro: '✓' },
  { feature: 'Priority processing', free: '—', starter: '—', pro: '✓' },
];

export const PRICING_FEATURES: ReadonlyArray<{ icon: IconName; title: string; body: string }> = [
  { icon: 'zap', title: 'Under 60 seconds', body: 'Most jobs finish before your coffee cools.' },
  { icon: 'lock', title: 'Private by design', body: 'Your code is never used for training.' },
  { icon: 'layers', title: 'Sized for your model', body: 'Token limits from 32K to 2M.' },
  {
    icon: 'refresh',
    title: 'Cancel any time',
    body: 'No lock-in; purchased credits never expire.',
  },
];

export const PACK_REASONS: ReadonlyArray<{ icon: IconName; title: string; body: string }> = [
  {
    icon: 'clock',
    title: 'Never expire',
    body: 'Purchased credits stay on your account until you use them.',
  },
  { icon: 'coins', title: 'Pay as you go', body: 'Top up only when a big repository needs it.' },
  {
    icon: 'layers',
    title: 'Works with any plan',
    body: 'Packs stack on top of your monthly credits.',
  },
];

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'What is a credit?',
    answer: 'One credit covers about 2,000 lines of selected code, rounded up per job.',
  },
  {
    question: 'Which credits are used first?',
    answer: 'Monthly credits are used first; purchased credits never expire and are used after.',
  },
  {
    question: 'Can I change plans later?',
    answer: 'Yes. Upgrade or downgrade any time from this page or from Settings.',
  },
  {
    question: 'What happens if a job fails?',
    answer: 'Credits reserved for a failed job are returned to your balance.',
  },
];
