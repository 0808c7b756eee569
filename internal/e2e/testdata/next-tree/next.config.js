// A Next.js journal over Markdown for jsgens_test.go, a static export
// whose configuration is assigned to a name it never declares (sloppy
// mode makes it a global) and exported after: app/journal/[slug] publishes
// content/journal/**/*.mdx at /journal/NAME through lib/journal.ts, a
// function that calls itself on each subfolder; app/notes/[slug]
// notes/**/*.md at /notes/NAME through lib/notes.ts, a recursive
// readdirSync. Both key a page by its file's name alone: frost.md is in
// notes/ and in notes/2024/, and the build makes one page of the two.
nextConfig = {
  output: 'export',
};

module.exports = nextConfig;
