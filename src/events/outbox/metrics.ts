import { Counter, Registry } from 'prom-client';

/**
 * The outbox's counters, for the whole process (dispatchers serve every organization): every
 * attempt, a dispatcher's or an operator's, counts under its queue, the job table's name.
 */
export const outboxMetrics = new Registry();

const attempts = new Counter({
  name: 'bizplat_job_attempts_total',
  help: 'Attempts to send an outbox job (webhook_deliveries, messenger_deliveries, meeting_reminders), by queue.',
  labelNames: ['queue'] as const,
  registers: [outboxMetrics],
});

const failures = new Counter({
  name: 'bizplat_job_failures_total',
  help: 'Outbox attempts that failed (retried later or failed for good), by queue.',
  labelNames: ['queue'] as const,
  registers: [outboxMetrics],
});

export function countAttempt(queue: string, ok: boolean): void {
  attempts.inc({ queue });
  if (!ok) failures.inc({ queue });
}
