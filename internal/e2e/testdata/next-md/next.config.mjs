// A Next.js blog over Markdown for jsgens_phase2_test.go: the pages
// router publishes posts/*.md at /NAME (pages/[post].tsx), the app router
// notes/*.md at /notes/NAME (app/notes/[slug]/page.tsx); a static export.
/** @type {import('next').NextConfig} */
export default { output: 'export' };
