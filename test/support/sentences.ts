/**
 * The sentences a person reads in the key states, written out by hand, with
 * real numbers and hosts in them: what the tests expect, from outside the
 * product (a test that builds its expectation with the product's own words
 * would pass a wrong number format, plural or right-to-left isolation).
 * Arabic wraps each host, URL, server's words and duration it is given in
 * FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (U+2068 … U+2069), so that the
 * bidi algorithm keeps it in one piece. Numbers are formatted for the
 * language by the browser's ICU; Node's and Chromium 156's both give Latin
 * digits for `ar` (CLDR's default numbering for Arabic without a region).
 */
const FSI = '\u2068';
const PDI = '\u2069';
const iso = (text: string) => `${FSI}${text}${PDI}`;

export type SentenceKey =
  | 'copied'
  | 'fromHistory'
  | 'creditsUsed2'
  | 'waiting12'
  | 'waiting1'
  | 'behind3'
  | 'waitingForNetwork'
  | 'networkWaited2'
  | 'networkShortExample'
  | 'unauthorized'
  | 'forbidden'
  | 'rejectedWithReason'
  | 'rateLimited60Retry30'
  | 'timeout10'
  | 'noToken'
  | 'tokenForMirror'
  | 'browserPageChrome'
  | 'browserPageAbout'
  | 'tooLong2100'
  | 'gaveUp8';

/** The server's own words in the 422 case, and the hosts the cases name. */
export const SERVER_REASON = 'The url must start with http';
export const NETWORK_HOST = 'short.example:8443';

export const SENTENCES: Record<'en' | 'de' | 'ar', Record<SentenceKey, string>> = {
  en: {
    copied: 'Copied to the clipboard',
    fromHistory: 'From your history: no credit used.',
    creditsUsed2: 'Credits used for this link: 2',
    waiting12: "Waiting 12 seconds for the server's limit…",
    waiting1: "Waiting 1 second for the server's limit…",
    behind3: "Waiting for the server's limit (links ahead of this one: 3)…",
    waitingForNetwork: 'Waiting for the network…',
    networkWaited2: 'Waited 2 minutes for the network, but short.example:8443 never answered. Check your connection and the server address; if the server uses its own certificate, your browser must trust it.',
    networkShortExample: "Can't reach short.example:8443. Check your connection and the server address; if the server uses its own certificate, your browser must trust it.",
    unauthorized: 'The server did not accept your access token. Check it in the settings.',
    forbidden: 'Your Shrtnr plan does not allow this: there is no active subscription or no URL credits are left.',
    rejectedWithReason: 'The server refused this link: The url must start with http',
    rateLimited60Retry30: 'Too many requests (the limit is 60 per minute). Try again in 30 seconds.',
    timeout10: 'The server did not answer within 10 seconds. Try again.',
    noToken: 'No access token is set. Add your Shrtnr token in the settings.',
    tokenForMirror: 'Your saved token is for shrtnr.co, so it is not sent to mirror.example. Enter the token for mirror.example in the settings.',
    browserPageChrome: "Browser pages (chrome://…) exist only inside your browser, so they can't be shortened.",
    browserPageAbout: "Browser pages (about:…) exist only inside your browser, so they can't be shortened.",
    tooLong2100: 'This link is 2,100 characters long; the limit is 2,048.',
    gaveUp8: 'The server kept refusing for its rate limit; gave up after 8 attempts. Try again later.',
  },
  de: {
    copied: 'In die Zwischenablage kopiert',
    fromHistory: 'Aus Ihrem Verlauf: kein Guthaben verbraucht.',
    creditsUsed2: 'Für diesen Link verbrauchtes Guthaben: 2',
    waiting12: 'Warte 12 Sekunden auf das Limit des Servers…',
    waiting1: 'Warte 1 Sekunde auf das Limit des Servers…',
    behind3: 'Warte auf das Limit des Servers (Links davor: 3)…',
    waitingForNetwork: 'Warte auf das Netzwerk…',
    networkWaited2: '2 Minuten auf das Netzwerk gewartet, aber short.example:8443 hat nie geantwortet. Prüfen Sie Ihre Verbindung und die Serveradresse. Wenn der Server ein eigenes Zertifikat verwendet, muss Ihr Browser diesem vertrauen.',
    networkShortExample:
      'short.example:8443 ist nicht erreichbar. Prüfen Sie Ihre Verbindung und die Serveradresse. Wenn der Server ein eigenes Zertifikat verwendet, muss Ihr Browser diesem vertrauen.',
    unauthorized: 'Der Server hat Ihr Zugriffstoken nicht akzeptiert. Prüfen Sie es in den Einstellungen.',
    forbidden: 'Ihr Shrtnr-Tarif lässt dies nicht zu: Es besteht kein aktives Abonnement oder Ihr URL-Guthaben ist aufgebraucht.',
    rejectedWithReason: 'Der Server hat diesen Link abgelehnt: The url must start with http',
    rateLimited60Retry30: 'Zu viele Anfragen (maximal 60 pro Minute). Versuchen Sie es in 30 Sekunden erneut.',
    timeout10: 'Der Server hat nicht innerhalb von 10 Sekunden geantwortet. Versuchen Sie es erneut.',
    noToken: 'Es ist kein Zugriffstoken festgelegt. Fügen Sie Ihr Shrtnr-Token in den Einstellungen hinzu.',
    tokenForMirror: 'Ihr gespeichertes Token gilt für shrtnr.co und wird daher nicht an mirror.example gesendet. Geben Sie das Token für mirror.example in den Einstellungen ein.',
    browserPageChrome: 'Browserseiten (chrome://…) existieren nur in Ihrem Browser und können daher nicht gekürzt werden.',
    browserPageAbout: 'Browserseiten (about:…) existieren nur in Ihrem Browser und können daher nicht gekürzt werden.',
    tooLong2100: 'Dieser Link ist 2.100 Zeichen lang; zulässig sind höchstens 2.048.',
    gaveUp8: 'Der Server hat wegen seines Anfragelimits immer wieder abgelehnt; nach 8 Versuchen aufgegeben. Versuchen Sie es später erneut.',
  },
  ar: {
    copied: 'تم النسخ إلى الحافظة',
    fromHistory: 'من سجلّك: لم يُستهلك أي رصيد.',
    creditsUsed2: 'الرصيد المستهلك لهذا الرابط: 2',
    waiting12: `الانتظار ${iso('12 ثانية')} بسبب حد الخادم…`,
    waiting1: `الانتظار ${iso('ثانية')} بسبب حد الخادم…`,
    behind3: 'في انتظار حد الخادم (روابط قبل هذا الرابط: 3)…',
    waitingForNetwork: 'في انتظار الشبكة…',
    networkWaited2: `انتظرنا الشبكة ${iso('دقيقتان')}، لكن ${iso('short.example:8443')} لم يُجب قط. تحقّق من اتصالك ومن عنوان الخادم؛ وإذا كان الخادم يستخدم شهادة خاصة به، فيجب أن يثق بها متصفحك.`,
    networkShortExample: `تعذّر الوصول إلى ${iso('short.example:8443')}. تحقّق من اتصالك ومن عنوان الخادم؛ وإذا كان الخادم يستخدم شهادة خاصة به، فيجب أن يثق بها متصفحك.`,
    unauthorized: 'لم يقبل الخادم رمز الوصول الخاص بك. تحقّق منه في الإعدادات.',
    forbidden: 'خطة Shrtnr الخاصة بك لا تسمح بذلك: لا يوجد اشتراك نشط أو نفد رصيد عناوين URL.',
    rejectedWithReason: `رفض الخادم هذا الرابط: ${iso('The url must start with http')}`,
    rateLimited60Retry30: `طلبات كثيرة جدًا (الحد الأقصى: 60 في الدقيقة). أعِد المحاولة بعد ${iso('30 ثانية')}.`,
    timeout10: `لم يستجب الخادم خلال ${iso('10 ثوان')}. أعِد المحاولة.`,
    noToken: 'لم يتم تعيين رمز وصول. أضِف رمز Shrtnr الخاص بك في الإعدادات.',
    tokenForMirror: `رمزك المحفوظ مخصّص للخادم ${iso('shrtnr.co')}، لذا لا يُرسَل إلى ${iso('mirror.example')}. أدخِل رمز ${iso('mirror.example')} في الإعدادات.`,
    browserPageChrome: `صفحات المتصفح (${iso('chrome://…')}) موجودة داخل متصفحك فقط، لذا لا يمكن اختصارها.`,
    browserPageAbout: `صفحات المتصفح (${iso('about:…')}) موجودة داخل متصفحك فقط، لذا لا يمكن اختصارها.`,
    tooLong2100: 'عدد أحرف هذا الرابط 2,100، والحد الأقصى المسموح به 2,048.',
    gaveUp8: 'ظل الخادم يرفض بسبب حد الطلبات لديه؛ تم التوقف بعد 8 محاولات. أعِد المحاولة لاحقًا.',
  },
};

/** French and Spanish, rendered at least once: the success and the countdown. */
export const MORE_SENTENCES: Record<'fr' | 'es', Pick<Record<SentenceKey, string>, 'copied' | 'waiting12' | 'tooLong2100'>> = {
  fr: { copied: 'Copié dans le presse-papiers', waiting12: 'Attente de 12\u00a0secondes pour la limite du serveur…', tooLong2100: 'Ce lien compte 2\u202f100 caractères\u202f; la limite est de 2\u202f048.' },
  es: { copied: 'Copiado en el portapapeles', waiting12: 'Esperando 12 segundos por el límite del servidor…', tooLong2100: 'Este enlace tiene 2100 caracteres; el límite es de 2048.' },
};
