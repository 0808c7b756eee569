// A Next.js blog over Markdown for jsgens_test.go: the pages router
// publishes posts/*.md at /NAME (pages/[post].tsx), the app router
// notes/*.md at /notes/NAME (app/notes/[slug]/page.tsx) and log/*.md at
// /log/NAME (app/log/[slug]/page.tsx, through lib/log.ts, which names
// its folder through a constant), and the ships of data/ships.json at
// /ships/ID (app/ships/[id]/page.tsx); the posts' tags at /tag/TAG
// (pages/tag/[tag]/index.tsx), each listing the posts it tags; the
// three newest posts by date at /archive (pages/archive.tsx) and every
// post at /all (pages/all.tsx), whose entries link by onClick alone, not
// by <a>, and all posts but the newest at /older (pages/older.tsx),
// whose entries link by onClick and an href on their heading; a static
// export. posts/weather.md, the oldest by date, was updated since.
/** @type {import('next').NextConfig} */
export default { output: 'export' };
