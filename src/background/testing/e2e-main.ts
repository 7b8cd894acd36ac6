// The end-to-end build's worker (vite.config.ts names it in that build's manifest; dist/ never has it): the
// extension's own worker, its timing set for the tests before it starts (imports are evaluated in order), and the
// hooks the tests call where no real input reaches the extension. Nothing else in src/ knows the e2e build.
// Both imported for what evaluating them does, in this order: the timing set, then the worker started.
// oxlint-disable-next-line import/no-unassigned-import
import './e2e-timing';
// oxlint-disable-next-line import/no-unassigned-import
import '../main';
import { notificationClicked } from '../delivery/deliver';
import { menuRounds, onMenuClicked } from '../entries/context-menus';
import { onCommand } from '../entries/keyboard-command';
import { onOmniboxChanged, onOmniboxEntered } from '../entries/omnibox';
import { backgroundHistory } from '../service/history-access';
import { syncPreferences } from '../sync/preferences-sync';
import { requestTimeout } from '../../api/client';
import { installE2eHooks } from './e2e-hooks';

installE2eHooks({
  onMenuClicked,
  onCommand,
  onOmniboxChanged,
  onOmniboxEntered,
  menuRounds,
  history: backgroundHistory,
  onNotificationClicked: notificationClicked,
  syncPreferences,
  setRequestTimeout: (ms) => {
    requestTimeout.ms = ms;
  },
});
