import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from './background-job.js';
import { recurringGenerationJob } from './recurring/job.js';
import { meetingRulesJob } from './meetings/job.js';
import { badgeBackfillJob, badgeIconSweepJob, membershipBadgesJob } from './badges/jobs.js';
import { sweepMail } from './mail/queue.js';
import { executeDueDeletions } from './families/lgpd-service.js';
import { notifyWaitingSubmissions, WAITING_SUBMISSIONS_JOB } from './notifications/club-events.js';
import { DUES_JOB, runDuesJob } from './charges/dues.js';
import { CHARGE_REMINDERS_JOB, sendChargeReminders } from './charges/notices.js';
import { DEADLINE_REMINDERS_JOB, sendDeadlineReminders } from './associacao/plan-reminders.js';
import { removeOrphanFiles } from './storage/orphans.js';
import { clearJobFailure, recordJobFailure, setJobLogger } from './db/club-job-run.js';


/** Finished rate-limit windows are dropped every 10 minutes (the database store keeps them as rows). */
const rateLimitSweepJob: BackgroundJob = { name: 'rate-limit-sweep', everyMs: 10 * 60_000, run: (app) => app.counterStore.sweep() };

/** Queued e-mail is sent (and failed sends retried with backoff) every 15 seconds; requests also kick it. */
const mailQueueJob: BackgroundJob = { name: 'mail-queue', everyMs: 15_000, run: (app) => app.mail.drain() };
/** Pushes and 'na hora' notification e-mails go every 15 seconds (requests that notify also kick it). */
const notificationDeliveryJob: BackgroundJob = { name: 'notification-delivery', everyMs: 15_000, run: (app) => app.notifications.drain() };
/** Daily and weekly digests that are due are queued every 10 minutes. */
const notificationDigestJob: BackgroundJob = { name: 'notification-digest', everyMs: 10 * 60_000, run: (app) => app.notifications.digest() };
/** Leaders are reminded of submissions waiting more than 3 days; hourly, once per person and day. */
const waitingSubmissionsJob: BackgroundJob = { name: WAITING_SUBMISSIONS_JOB, everyMs: 60 * 60_000, run: (app) => notifyWaitingSubmissions(app.db) };
/** Old sent mail (and its .eml), and spent recovery links, are dropped every hour. */
const mailSweepJob: BackgroundJob = { name: 'mail-sweep', everyMs: 60 * 60_000, run: (app) => sweepMail(app.db, app.mail.outboxDir) };

/** 'Excluir minha conta' requests whose 7-day grace period ended are carried out hourly. */
const accountDeletionJob: BackgroundJob = { name: 'account-deletion', everyMs: 60 * 60_000, run: (app) => executeDueDeletions(app.db) };

/** Mensalidades: each plan's month generated once per member (hourly, any number of instances; ADR 050). */
const duesGenerationJob: BackgroundJob = { name: DUES_JOB, everyMs: 60 * 60_000, run: (app) => runDuesJob(app.db) };

/** Charges due in 3 days and overdue ones (1, 7, 30 days) are told to the payer; hourly, once per charge and day. */
const chargeRemindersJob: BackgroundJob = { name: CHARGE_REMINDERS_JOB, everyMs: 60 * 60_000, run: (app) => sendChargeReminders(app.db) };

/** The SGC/seguro deadline: the director and the secretary are reminded 30, 7 and 1 days before; hourly, once per reminder and person. */
const deadlineRemindersJob: BackgroundJob = { name: DEADLINE_REMINDERS_JOB, everyMs: 60 * 60_000, run: (app) => sendDeadlineReminders(app.db) };

/** Evidence files whose mark or submission is gone (deleted, cascaded, replaced) leave storage every 10 minutes. */
const orphanFilesJob: BackgroundJob = { name: 'orphan-files', everyMs: 10 * 60_000, run: (app) => removeOrphanFiles(app.db, app.storage) };

/** Each domain that needs a timer appends its job here. */
export const backgroundJobs: BackgroundJob[] = [recurringGenerationJob, membershipBadgesJob, badgeBackfillJob, badgeIconSweepJob, rateLimitSweepJob, mailQueueJob, mailSweepJob, accountDeletionJob, meetingRulesJob, notificationDeliveryJob, notificationDigestJob, waitingSubmissionsJob, duesGenerationJob, chargeRemindersJob, deadlineRemindersJob, orphanFilesJob];

/**
 * Starts every job on its interval; a failing run is logged, recorded for the super admin (job_failures,
 * club_id NULL; a club's own failure inside a job is recorded by ClubJobRun) and retried on the next tick,
 * whose success clears the record. The first run
 * of each comes `firstRunAfterMs` after the call (default at once). Returns a stop function: no run
 * starts after it, and its promise settles when the runs under way have finished (a stop waits for
 * that safe point before closing the database, instead of cutting a job mid-transaction).
 */
export function startBackgroundJobs(app: FastifyInstance, jobs: BackgroundJob[] = backgroundJobs, firstRunAfterMs = 0): () => Promise<void> {
  let stopped = false;
  setJobLogger(app.db, app.log);
  const underWay = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running = false;
    // A record may be left by an earlier process: the first success clears it once.
    let recorded = true;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        let failure: { err: unknown } | null = null;
        try {
          await job.run(app);
        } catch (err) {
          failure = { err };
          app.log.error({ err, job: job.name }, 'background job failed');
        }
        if (failure || recorded) {
          try {
            if (failure) await recordJobFailure(app.db, job.name, failure.err);
            else await clearJobFailure(app.db, job.name);
            recorded = failure !== null;
          } catch (err) {
            if (!stopped) app.log.error({ err, job: job.name }, 'background job failure not recorded');
          }
        }
      } finally {
        running = false;
      }
    };
    const start = () => {
      const run = tick();
      underWay.add(run);
      void run.finally(() => underWay.delete(run));
    };
    let every: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      start();
      every = setInterval(start, job.everyMs);
    }, firstRunAfterMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  });
  return async () => {
    stopped = true;
    timers.forEach((stop) => stop());
    await Promise.all([...underWay]);
  };
}
