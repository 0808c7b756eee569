package generator

import "testing"

func TestDetectDocusaurus(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name:  "docusaurus from package.json",
			files: map[string]string{"package.json": `{"dependencies": {"@docusaurus/core": "3.5.2", "react": "^18"}}`},
			want:  []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "package.json", PublishDir: "build"}},
		},
		{
			name: "docusaurus url, baseUrl, trailingSlash",
			files: map[string]string{"docusaurus.config.js": `// @ts-check
import {themes as prismThemes} from 'prism-react-renderer';

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'My Site',
  url: 'https://your-docusaurus-site.example.com',
  baseUrl: '/metro/',
  trailingSlash: false,
  presets: [
    ['classic', /** @type {import('@docusaurus/preset-classic').Options} */ ({
      docs: { sidebarPath: './sidebars.js', routeBasePath: '/' },
    })],
  ],
  themeConfig: { navbar: { title: 'x', items: [{ href: 'https://github.com/x', url: 'fake' }] } },
};

export default config;
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://your-docusaurus-site.example.com/metro/", BaseURLFrom: "docusaurus.config.js url + baseUrl", TrailingSlash: "never",
				DocsBase: "/"}},
		},
		{
			name: "docusaurus locales, a blog's route base, one not literal",
			files: map[string]string{"docusaurus.config.js": `export default {
  url: 'https://example.com',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en', 'de', 'pt-BR'] },
  presets: [['classic', {
    blog: { routeBasePath: '/news', showLastUpdateTime: true },
    pages: { routeBasePath: base },
  }]],
};
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url + baseUrl", Locales: []string{"de", "pt-BR"}, BlogBase: "/news",
				GitDates: "Docusaurus showLastUpdateTime, docusaurus.config.js:6",
				Notes:    []string{"docusaurus.config.js: a routeBasePath is not read: pages under it are not joined to their sources"}}},
		},
		{
			name:  "docusaurus versions.json",
			files: map[string]string{"docusaurus.config.js": "export default { url: 'https://example.com' };\n", "versions.json": `["2.0", "1.0"]`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url", Versions: []string{"2.0", "1.0"}}},
		},
		{
			name:  "docusaurus versions.json not a list",
			files: map[string]string{"package.json": `{"dependencies": {"@docusaurus/core": "3.10.2"}}`, "versions.json": `{"a": 1}`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "package.json", PublishDir: "build",
				Notes: []string{"versions.json: not a JSON list of versions (json: cannot unmarshal object into Go value of type []string): versioned docs are not joined to their sources"}}},
		},
		{
			name: "docusaurus TypeScript async config",
			files: map[string]string{"docusaurus.config.ts": `import type {Config} from '@docusaurus/types';

export default async function createConfigAsync(): Promise<Config> {
  return {
    title: 'Docs',
    url: 'https://docs.example.com/',
    baseUrl: '/',
    trailingSlash: true,
  } satisfies Config;
}
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.ts", PublishDir: "build",
				BaseURL: "https://docs.example.com/", BaseURLFrom: "docusaurus.config.ts url + baseUrl", TrailingSlash: "always"}},
		},
		{
			name: "docusaurus spread base config",
			files: map[string]string{"docusaurus.config.js": `const base = require('./base.config');
module.exports = { ...base, title: 'x' };
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build",
				Notes: []string{
					"docusaurus.config.js:2: url may come from ...base, which is not read; give --base-url",
					"docusaurus.config.js:2: baseUrl may come from ...base, which is not read; give --base-url",
				}}},
		},
	})
}
