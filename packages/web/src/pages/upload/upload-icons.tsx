import type { SVGProps } from 'react';
import { PathIcon } from '../../components/ui/icons.js';

// Icons only this page draws (the shared set in components/ui/icons.tsx stays small for the
// landing bundle).
const paths = {
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  folderOpen:
    'M3 7a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v1M3 7v10a2 2 0 0 0 2 2h12.5a2 2 0 0 0 1.9-1.4L21.8 11a1 1 0 0 0-1-1.3H8.2a2 2 0 0 0-1.9 1.4L3 19',
  file: 'M14 3H6v18h12V7zM14 3v4h4',
  crosshair: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 3v4M12 17v4M3 12h4M17 12h4',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  grip: 'M9 6h.01M9 12h.01M9 18h.01M15 6h.01M15 12h.01M15 18h.01',
  sliders: 'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
  filter: 'M22 3H2l8 9.5V19l4 2v-8.5z',
  key: 'M21 2l-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.8 7.8 5.5 5.5 0 0 1 7.8-7.8zM15.5 7.5 19 11l3-3-3.5-3.5',
  split: 'M12 3v18M3 5h18v14H3z',
} as const;

export type UploadIconName = keyof typeof paths;

export function UploadIcon({
  name,
  size = 16,
  ...rest
}: { name: UploadIconName; size?: number } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  return <PathIcon d={paths[name]} size={size} {...rest} />;
}
