// Placeholder until the browser journeys land (web issue): says plainly that none ran.
console.log('e2e: no browser journeys yet (web app not built).');
