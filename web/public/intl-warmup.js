// A dedicated worker the boot script starts (web/build/boot-script.ts) before the app loads. The
// first Intl formatter a browser process makes costs it 40 to 120 ms here (ICU loading its locale
// data, the time zone and the date-pattern generator), at 4x CPU a long task of its own on the
// main thread. ICU keeps those in memory shared by the whole process, so built here, on another
// thread while the page is still loading, they are ready when the app formats its first date and
// number. Nothing to answer: it makes what the app uses (default locale, as the app does), and ends.
new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(1234.5);
new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' }).format(0);
new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(0);
Intl.DateTimeFormat().resolvedOptions().timeZone;
close();
