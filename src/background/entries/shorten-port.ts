import { serveShortenPort } from '../../messages/shorten-port-server';
import type { Runtime } from '../../platform/browser';
import { internalError } from '../../platform/error-text';
import { finishedForNobody } from '../delivery/deliver';
import { clickNow, pageCopies } from '../delivery/clipboard-rule';
import { cancelJob, shorten, unwatchJob } from '../service/shortening-service';

/** Answers the popup's shortening ports (src/messages/shorten-port.ts): progress while it waits, then the answer. */
export function onShortenPort(port: Runtime.Port): void {
  serveShortenPort(port, (popup) => {
    let jobId: string | undefined;
    let started = false;
    // Cancel came: a link that still comes (its request was under way) is the popup's to show, not to copy or offer.
    let cancelAsked = false;
    let connected = true;
    popup.onClose(() => {
      connected = false;
      if (jobId !== undefined) unwatchJob(jobId);
    });
    popup.onMessage((message) => {
      if (message.type === 'cancel') {
        cancelAsked = true;
        if (jobId !== undefined) cancelJob(jobId);
        return;
      }
      if (started) return;
      started = true;
      // The click's time and order, before anything is awaited.
      const click = clickNow();
      void shorten(message.request, {
        ...click,
        owner: 'popup',
        onQueued: (id) => {
          jobId = id;
        },
        onProgress: (progress) => popup.post({ type: 'progress', progress }),
        // Only the popup's own tab, as the popup shortens it: a typed link is no page's.
        ...(message.pageTab === undefined || message.request.via !== 'popup-tab' ? {} : { pageTab: message.pageTab }),
        onPageShortLink: (offer) => popup.post({ type: 'page-link', ...offer }),
      })
        .then(async (answer) => {
          if (!connected) return cancelAsked ? undefined : finishedForNobody(answer);
          // The popup copies it: no background link of an earlier click may replace it afterwards,
          // and one already being copied lands first.
          if (answer.result.ok && answer.autoCopy && !cancelAsked) await pageCopies(click);
          popup.post({ type: 'answer', answer });
        })
        .catch((error: unknown) =>
          popup.post({ type: 'answer', answer: { result: { ok: false, error: internalError(error) }, autoCopy: false, copyFormat: 'plain' } }),
        );
    });
  });
}
