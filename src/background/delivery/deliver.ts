import type { Result } from '../../api/result';
import { internalError } from '../../platform/error-text';
import { browserWords } from '../../platform/i18n';
import { clipboardPayload, type ClipboardPayload, type CopyFormat } from '../../shortening/copy-formats';
import type { Shortening, ShortenAnswer, ShortenRequest } from '../../shortening/shortening';
import { localArea } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';
import { takeInterruptedJobs, type Click } from '../queue/job-journal';
import type { QueuedJob } from '../queue/queue-types';
import { runQueued, shorten } from '../service/shortening-service';
import { accountChosenWhenRemoved } from './account-question';
import { badgeJobFinished, badgeJobStarted } from './badge';
import { copyFailureSentence, copyFromBackground, type CopyFailure } from './clipboard';
import { clickNow, copyIfStillWanted, offerLater, takeOffer } from './clipboard-rule';
import { fail, type Failed } from './failure';
import { notifyFailure, notifyLink, OFFER_NOTIFICATION_ID } from './notify';
import { questionClicked } from './question';

/**
 * What the background does with a link it made for a click with no popup to
 * show it (the menu, the shortcut, a job a stopped worker left): onto the
 * clipboard if it is still wanted there (clipboard-rule.ts), else offered by
 * its notification; and said on the badge and in a notification.
 */
export type BackgroundOutcome =
  | { status: 'copied'; shortened: Shortening }
  | { status: 'not-copied'; shortened: Shortening; copyFailure: CopyFailure }
  /** Came too late to copy over what the user may have copied since: its notification offers it. */
  | { status: 'offered'; shortened: Shortening }
  /** A link of a later click was copied already: this one stays in history, the clipboard keeps the later one. */
  | { status: 'superseded'; shortened: Shortening }
  | Failed;

/**
 * What the menu and the keyboard command do: shorten, copy, and say so on the
 * badge and in a notification. `pageTab`: the tab whose page is shortened (its own short link may stand for it).
 */
export async function shortenAndCopy(request: ShortenRequest, pageTab?: number, asked?: Click): Promise<BackgroundOutcome> {
  // Taken before anything is awaited, unless the caller took it before its own awaiting (`asked`): the order of the
  // clicks is the order of these calls.
  let click = asked ?? clickNow();
  await badgeJobStarted();
  try {
    const asker = () => ({ ...click, owner: 'background' as const, ...(pageTab === undefined ? {} : { pageTab }) });
    let { result, copyFormat, accounts } = await shorten(request, asker());
    // The active account was removed elsewhere: with another only once the user says so, and that answer is the click.
    const chosen = result.ok ? undefined : await accountChosenWhenRemoved(result.error, accounts);
    if (chosen !== undefined) {
      click = clickNow();
      ({ result, copyFormat } = await shorten({ ...request, account: chosen }, asker()));
    }
    if (!result.ok) return await fail(result.error);
    return await deliver(result.value, copyFormat, click);
  } catch (error) {
    return await fail(internalError(error));
  }
}

/** A notification clicked: a late link's offer (copied) or a question (yes: question.ts). */
export async function notificationClicked(id: string): Promise<void> {
  await Promise.all([questionClicked(id), copyOffered(id)]);
}

/** A link the user chose from history (the address bar's keyword): copied as a click's link is, with its badge and notification. */
export async function copyChosenLink(shortened: Shortening): Promise<BackgroundOutcome> {
  const click = clickNow();
  await badgeJobStarted();
  try {
    const { copyFormat } = await readSettings(localArea, ['copyFormat']);
    return await deliver(shortened, copyFormat, click);
  } catch (error) {
    return await fail(internalError(error));
  }
}

/**
 * Takes over what a stopped worker left in the queue: each job waits, or is
 * sent, from where it was; a "Shorten all tabs" job goes back to its run.
 */
export async function resumeInterruptedJobs(workerStartedAt: number, resumeBulk: (jobs: QueuedJob[]) => Promise<void>): Promise<void> {
  const jobs = await takeInterruptedJobs(workerStartedAt);
  const clicks = jobs.filter((job) => job.owner === 'background');
  const popups = jobs.filter((job) => job.owner === 'popup');
  // A selection's or a field's link is made and kept in history, never copied alone: its text went with the worker.
  const texts = jobs.filter((job) => job.owner === 'text').map((job) => runQueued(job));
  await Promise.all([resumeBulk(jobs.filter((job) => job.owner === 'bulk')), ...clicks.map((job) => resumeJob(job)), ...popups.map((job) => resumePopupJob(job)), ...texts]);
}

// Read when the link comes: the worker that queued the job is gone, and with it the format its click was given.
const copyFormatNow = async () => (await readSettings(localArea, ['copyFormat'])).copyFormat;

async function resumeJob(job: QueuedJob): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  try {
    const result = await runQueued(job);
    if (!result.ok) return await fail(result.error);
    return await deliver(result.value, await copyFormatNow(), job);
  } catch (error) {
    return await fail(internalError(error));
  }
}

/**
 * A popup's job: its popup lost its answer with the worker (it said so) or
 * has closed since. As for a popup closed before its answer, the link is
 * offered by its notification, never copied: the user may have copied
 * something else by now.
 */
async function resumePopupJob(job: QueuedJob): Promise<void> {
  try {
    await finishedForNobody({ result: await runQueued(job), autoCopy: false, copyFormat: await copyFormatNow() });
  } catch (error) {
    await notifyFailure(internalError(error));
  }
}

/**
 * A popup's job whose popup closed before its answer: a link is offered by
 * its notification (the user went away; the clipboard may hold something
 * else by now), a failure is said in one.
 */
export async function finishedForNobody({ result, copyFormat }: ShortenAnswer): Promise<void> {
  if (!result.ok) {
    if (result.error.kind !== 'cancelled') await notifyFailure(result.error);
    return;
  }
  await offer(result.value, clipboardPayload(copyFormat, result.value));
}

function offer(shortened: Shortening, payload: ClipboardPayload): Promise<void> {
  return offerLater({ payload, shortUrl: shortened.shortUrl, longUrl: shortened.longUrl }, () =>
    notifyLink('notifyReadyTitle', shortened, browserWords().t('notifyReadyMessage'), OFFER_NOTIFICATION_ID),
  );
}

/** A link for the background: onto the clipboard if it is still wanted there (clipboard-rule.ts), else offered. */
async function deliver(shortened: Shortening, copyFormat: CopyFormat, click: Click): Promise<BackgroundOutcome> {
  const payload = clipboardPayload(copyFormat, shortened);
  let copied: Result<null, CopyFailure> | undefined;
  const decision = await copyIfStillWanted(click, async () => {
    copied = await copyFromBackground(payload);
    return copied.ok;
  });
  if (decision === 'copy' && copied !== undefined) return reportCopy(shortened, copied);
  if (decision === 'late') {
    // Too late to copy over whatever the user copied since: the notification offers it (before the badge says all ended).
    await offer(shortened, payload);
  }
  await badgeJobFinished({ ok: true, copied: false });
  return { status: decision === 'late' ? 'offered' : 'superseded', shortened };
}

/** The offered link's notification was clicked: copy it now, at the user's word. */
export async function copyOffered(notificationId: string): Promise<void> {
  if (notificationId !== OFFER_NOTIFICATION_ID) return;
  const offered = await takeOffer();
  if (offered === undefined) return;
  const copied = await copyFromBackground(offered.payload);
  // The link and its host, not the text copied: in Markdown or HTML that holds the title or the whole long URL.
  if (copied.ok) await notifyLink('notifyCopiedTitle', offered);
  else await notifyLink('notifyNotCopiedTitle', offered, copyFailureSentence(copied.error, browserWords()));
}

async function reportCopy(shortened: Shortening, copied: Result<null, CopyFailure>): Promise<BackgroundOutcome> {
  const words = browserWords();
  if (!copied.ok) {
    const sentence = copyFailureSentence(copied.error, words);
    await Promise.all([badgeJobFinished({ ok: false, sentence }), notifyLink('notifyNotCopiedTitle', shortened, sentence)]);
    return { status: 'not-copied', shortened, copyFailure: copied.error };
  }
  performance.mark('shrtnr:background-copied');
  await Promise.all([
    badgeJobFinished({ ok: true, copied: true }),
    notifyLink('notifyCopiedTitle', shortened, shortened.fromHistory ? words.t('linkFromHistory') : shortened.pageOwn ? words.t('linkPageOwn') : undefined),
  ]);
  return { status: 'copied', shortened };
}

