/**
 * The status dictionary a new organization starts with (and every organization that existed
 * before tasks were served): a task is New, worked on, reviewed, then Done or Cancelled; a
 * finished task may be reopened. The `taskStatuses` import replaces it whole.
 */
export interface StatusDefinition {
  name: string;
  order: number;
  initial: boolean;
  final: boolean;
  next: string[];
}

export const DEFAULT_STATUSES: readonly StatusDefinition[] = [
  { name: 'New', order: 1, initial: true, final: false, next: ['In progress', 'Cancelled'] },
  { name: 'In progress', order: 2, initial: false, final: false, next: ['Review', 'Done', 'Cancelled'] },
  { name: 'Review', order: 3, initial: false, final: false, next: ['In progress', 'Done'] },
  { name: 'Done', order: 4, initial: false, final: true, next: ['In progress'] },
  { name: 'Cancelled', order: 5, initial: false, final: true, next: ['New'] },
];

/** Priorities are a fixed set (the spec does not show one): ordered from least to most pressing. */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'normal';
