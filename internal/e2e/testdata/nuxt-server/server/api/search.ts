// An endpoint served on demand: no page.
export default defineEventHandler(() => ({ results: [] }));
