import type { SVGProps } from 'react';
import { PathIcon } from '../../components/ui/icons.js';

// Icons only the job page draws; kept here so they ship in its lazy chunk, not the shell.
const paths = {
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  folderOpen:
    'M3 7V6a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v1M3 7v11a2 2 0 0 0 2 2h12.5a2 2 0 0 0 1.9-1.4L21.8 11a1.5 1.5 0 0 0-1.4-2H7.4a2 2 0 0 0-1.9 1.4L3 18',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  maximize: 'M8 3H3v5M16 3h5v5M8 21H3v-5M16 21h5v-5',
  wrap: 'M3 6h18M3 12h15a3 3 0 0 1 0 6h-4M16 15l-2 3 2 3M3 18h7',
  lineNumbers: 'M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  browser: 'M3 4h18v16H3zM3 9h18M8 9v11',
  split: 'M3 4h18v16H3zM10 4v16',
  preview: 'M3 4h18v16H3zM7 9h10M7 13h10M7 17h6',
  chevronUp: 'm18 15-6-6-6 6',
  trendUp: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  trendDown: 'M3 7l6 6 4-4 8 8M15 17h6v-6',
  minus: 'M5 12h14',
  checkCircle: 'M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3',
  activity: 'M22 12h-4l-3 9L9 3l-3 9H2',
  fileCode: 'M14 3H6v18h12V7zM14 3v4h4M10 12l-2 2 2 2M14 12l2 2-2 2',
  fileText: 'M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6M9 9h1',
  lightbulb:
    'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.1V17h6v-.2c0-.8.4-1.6 1-2.1A7 7 0 0 0 12 2z',
  hourglass: 'M6 2h12M6 22h12M7 2v4a5 5 0 0 0 10 0V2M7 22v-4a5 5 0 0 1 10 0v4',
} as const;

export type JobIconName = keyof typeof paths;

export function JobIcon({
  name,
  ...rest
}: { name: JobIconName; size?: number } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  return <PathIcon d={paths[name]} {...rest} />;
}
