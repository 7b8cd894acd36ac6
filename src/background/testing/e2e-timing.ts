import { requestTimeout } from '../../api/client';
import { resumeAlarmDelay } from '../queue/job-journal';
import { E2E_REQUEST_TIMEOUT_MS, E2E_RESUME_DELAY_MS } from './e2e-values';

// Evaluated before the worker's own modules run (e2e-main.ts imports it first): the e2e build's timing.
requestTimeout.ms = E2E_REQUEST_TIMEOUT_MS;
resumeAlarmDelay.minutes = E2E_RESUME_DELAY_MS / 60_000;
