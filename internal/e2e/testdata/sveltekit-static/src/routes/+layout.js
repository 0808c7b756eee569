// Every page is prerendered: adapter-static writes them all as files.
export const prerender = true;
