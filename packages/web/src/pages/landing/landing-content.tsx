import type { FaqItem } from '../../components/faq.js';
import type { IconName } from '../../components/ui/icons.js';
import { SUPPORT_EMAIL } from '../../lib/site-config.js';

export const FEATURES: ReadonlyArray<{ icon: IconName; title: string; body: string }> = [
  {
    icon: 'zap',
    title: 'Fast processing',
    body: 'Average processing under 60 seconds, even for 1000+ files per job.',
  },
  {
    icon: 'code',
    title: 'Exact token counts',
    body: 'Real tokenizer counts for every file and chunk, so bundles fit your model.',
  },
  {
    icon: 'scissors',
    title: 'Smart chunking',
    body: 'Fixed, file-based or semantic chunks that never split a function in two.',
  },
  {
    icon: 'layers',
    title: 'Many output formats',
    body: 'Markdown, text, JSON and XML, plus CSV, YAML and templates on Pro.',
  },
  {
    icon: 'shield',
    title: 'Secret redaction',
    body: 'API keys, tokens and passwords are found and replaced before export.',
  },
  {
    icon: 'git',
    title: 'GitHub import',
    body: 'Pro feature: bring a repository by URL, public or private.',
  },
];

export const STEPS: ReadonlyArray<{ icon: IconName; title: string; body: string }> = [
  {
    icon: 'upload',
    title: 'Upload and select',
    body: 'Drop a ZIP or paste a repository URL, then pick files in the tree.',
  },
  {
    icon: 'settings',
    title: 'Processing',
    body: 'We clean, count and chunk your code with the options you chose.',
  },
  {
    icon: 'download',
    title: 'Download',
    body: 'Browse, copy or download AI-ready bundles in your format.',
  },
];

export const LANDING_FAQ: readonly FaqItem[] = [
  {
    question: 'What is RepoBundle?',
    answer:
      'RepoBundle turns a code repository into clean, token-counted, optionally chunked files that you can paste into or upload to an AI model.',
  },
  {
    question: 'How fast is processing?',
    answer: 'Average processing takes under 60 seconds, and a single job handles 1000+ files.',
  },
  {
    question: 'Is my code secure?',
    answer:
      'Yes. Your code is processed privately, stored only as long as you choose, and never used for model training.',
  },
  {
    question: 'Which languages are supported?',
    answer:
      'Every text-based language: JavaScript, TypeScript, Python, Go, Rust, Java, C#, Ruby, PHP, config files, docs and more.',
  },
  {
    question: 'Is there a free plan?',
    answer:
      'Yes. The free plan includes 100 credits every month, about 200,000 lines of code, with ZIP upload and Markdown output.',
  },
  {
    question: 'Can I process private repositories?',
    answer:
      'Yes. On paid plans connect your GitHub account in Settings and import private repositories by URL.',
  },
  {
    question: 'Which output formats are available?',
    answer:
      'Markdown and text on every plan; JSON and XML from Starter; CSV, YAML and custom templates on Pro.',
  },
  {
    question: 'How do credits work?',
    answer: (
      <>
        One credit covers about 2,000 lines. Monthly credits reset every month and are used first;
        purchased credits never expire. Questions? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </>
    ),
  },
];
