// Package indexnow submits changed URLs to search engines with the IndexNow
// protocol (https://www.indexnow.org/documentation).
//
// IndexNow is the push counterpart of a sitemap: instead of waiting for a
// crawler to read the sitemap again, a site POSTs the URLs that were added,
// changed or removed to one endpoint, and the engines taking part (Bing,
// Yandex, Seznam, Naver and others) share every submission. The old sitemap
// "ping" endpoints are gone (Google's answers 404 since 2023, Bing's 410).
// Google does not use IndexNow: it reads sitemaps (robots.txt Sitemap:
// lines, Search Console) and nothing else, so a site keeps its sitemaps
// either way.
//
// A submission is a JSON object
//
//	{"host": "example.com", "key": "KEY", "keyLocation": "https://example.com/KEY.txt",
//	 "urlList": ["https://example.com/a", ...]}
//
// of at most 10,000 URLs, all on host. The key (8 to 128 characters of a-z,
// A-Z, 0-9 and '-', see [ValidKey]) proves the site is the sender's: the
// site serves it as the whole content of the file at keyLocation, and the
// engine fetches that file to check. A key file in a folder
// (https://example.com/docs/KEY.txt) covers only the URLs under that folder.
//
// The endpoint answers 200 OK (received), 202 Accepted (received; the key
// is not validated yet), 400 (bad request), 403 (the key is not valid),
// 422 (URLs not on host, or a key that does not match), or 429 (too many
// requests). [Client.Submit] sends the batches in order, retries 429 and
// 5xx answers with backoff (honouring Retry-After) and stops at the first
// other 4xx with the server's message ([StatusError]).
//
// The URLs usually come from a changes file a build writes, one "+ URL",
// "~ URL" or "- URL" line per URL: see the changes package.
package indexnow
