import { browser, type Runtime } from '../platform/browser';
import type { PopupToWorker, WorkerToPopup } from '../messages/shorten-port';
import { SHORTEN_PORT_NAME } from '../messages/shorten-port';
import { nextClickOrder, popupCopies, type Click } from './clipboard-rule';
import { isShortenRequest } from './job-journal';
import { cancelJob, finishedForNobody, shortenWithStoredSettings, unwatchJob } from './shorten-and-copy';

/** Answers the popup's shortening ports (src/messages/shorten-port.ts): progress while it waits, then the answer. */
export function onShortenPort(port: Runtime.Port): void {
  // Only this extension's own pages may ask anything of it.
  if (port.name !== SHORTEN_PORT_NAME || port.sender?.id !== browser.runtime.id) return;
  let jobId: string | undefined;
  let started = false;
  // Cancel came: a link that still comes (its request was under way) is the popup's to show, not to copy or offer.
  let cancelAsked = false;
  let connected = true;
  const post = (message: WorkerToPopup) => {
    if (connected) port.postMessage(message);
  };
  port.onDisconnect.addListener(() => {
    connected = false;
    if (jobId !== undefined) unwatchJob(jobId);
  });
  port.onMessage.addListener((message: unknown) => {
    const received = message as Partial<PopupToWorker> | null;
    if (received?.type === 'cancel') {
      cancelAsked = true;
      if (jobId !== undefined) cancelJob(jobId);
      return;
    }
    if (started || received?.type !== 'shorten' || !isShortenRequest(received.request)) return;
    started = true;
    // The click's time and order, before anything is awaited.
    const click: Click = { queuedAt: Date.now(), clickOrder: nextClickOrder() };
    void shortenWithStoredSettings(received.request, {
      ...click,
      owner: 'popup',
      onQueued: (id) => {
        jobId = id;
      },
      onProgress: (progress) => post({ type: 'progress', progress }),
    })
      .then(async (answer) => {
        if (!connected) return cancelAsked ? undefined : finishedForNobody(answer);
        // The popup copies it: no background link of an earlier click may replace it afterwards.
        if (answer.result.ok && answer.autoCopy && !cancelAsked) popupCopies(click);
        post({ type: 'answer', answer });
      })
      .catch((error: unknown) =>
        post({ type: 'answer', answer: { result: { ok: false, error: { kind: 'internal', detail: error instanceof Error ? error.message : String(error) } }, autoCopy: false, copyFormat: 'plain' } }),
      );
  });
}
