import type { IconName } from '../ui/icons.js';

export interface TourStep {
  id: 'welcome' | 'dashboard' | 'upload' | 'features' | 'pricing' | 'finish';
  icon: IconName;
  title: string;
  body: string;
  points: string[];
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    icon: 'sparkles',
    title: 'Welcome to RepoBundle',
    body: 'Turn any code repository into clean, exactly counted, AI-ready bundles in under a minute.',
    points: [
      'Upload a ZIP or import a GitHub repository (Starter and up)',
      'Pick the files that matter',
      'Download bundles sized for your model',
    ],
  },
  {
    id: 'dashboard',
    icon: 'chart',
    title: 'Your dashboard',
    body: 'The dashboard shows your jobs, their status and your credits at a glance.',
    points: [
      'Stat cards for jobs, credits and processing time',
      'Recent jobs with view and delete',
      'Quick actions to start a new job',
    ],
  },
  {
    id: 'upload',
    icon: 'upload',
    title: 'Upload and select',
    body: "Drop a ZIP up to your plan's upload limit (10 MB on Free, 50 MB on Starter, 200 MB on Pro), or paste a repository URL on Starter and up, then choose files in the tree.",
    points: [
      'Filter by language and search files',
      'Preview any file before processing',
      'See the credit estimate before you start',
    ],
  },
  {
    id: 'features',
    icon: 'layers',
    title: 'Powerful processing',
    body: 'Choose an output format, a chunking strategy and a token limit that fits your model.',
    points: [
      'Markdown, JSON, XML and more',
      'Comment removal and secret redaction',
      'Smart chunking at code boundaries',
    ],
  },
  {
    id: 'pricing',
    icon: 'coins',
    title: 'Credits and plans',
    body: '100 credits are about 200,000 lines of code. Monthly credits are used first; purchased credits never expire.',
    points: [
      'Free plan: 100 credits every month',
      'Upgrade for more credits and formats',
      'Top up any time with credit packs',
    ],
  },
  {
    id: 'finish',
    icon: 'rocket',
    title: "You're all set",
    body: 'Start your first job now. You can reopen this tour any time from Help & Tour in the account menu.',
    points: [],
  },
];
