import type { WholesaleApplicationRecord } from '@larder/contract';

/** The application queues, pending first: the ones waiting on the owner. */
export const APPLICATION_TABS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const;

export const VOLUME_LABELS: Record<WholesaleApplicationRecord['monthly_volume'], string> = {
  'under-50': 'Under 50 bags a month',
  '50-200': '50 to 200 bags a month',
  '200-500': '200 to 500 bags a month',
  'over-500': 'Over 500 bags a month',
};

/** A file's size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
