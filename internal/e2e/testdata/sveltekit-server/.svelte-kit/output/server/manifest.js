export const manifest = (() => {
function __memo(fn) {
	let value;
	return () => value ??= (value = fn());
}

return {
	appDir: "_app",
	appPath: "shop/_app",
	assets: new Set(["robots.txt"]),
	mimeTypes: {".txt":"text/plain"},
	_: {
		client: {start:"_app/immutable/entry/start.DbEPHQfx.js",app:"_app/immutable/entry/app.CwkMJD1j.js",imports:["_app/immutable/entry/start.DbEPHQfx.js","_app/immutable/chunks/CLg6QjM3.js","_app/immutable/chunks/9LJwSGtG.js","_app/immutable/chunks/D8rneKXb.js","_app/immutable/chunks/B0XwC4Ot.js","_app/immutable/chunks/-UyI9lYi.js","_app/immutable/entry/app.CwkMJD1j.js","_app/immutable/chunks/CLg6QjM3.js","_app/immutable/chunks/DkbsmkCS.js","_app/immutable/chunks/DK5KXpTX.js","_app/immutable/chunks/D8rneKXb.js","_app/immutable/chunks/BGSPvoKq.js"],stylesheets:[],fonts:[],uses_env_dynamic_public:false},
		nodes: [
			__memo(() => import('./nodes/0.js')),
			__memo(() => import('./nodes/1.js')),
			__memo(() => import('./nodes/4.js')),
			__memo(() => import('./nodes/8.js'))
		],
		remotes: {
			
		},
		routes: [
			{
				id: "/account",
				pattern: /^\/account\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 2 },
				endpoint: null
			},
			{
				id: "/api/search",
				pattern: /^\/api\/search\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/search/_server.js'))
			},
			{
				id: "/products/[id]",
				pattern: /^\/products\/([^/]+?)\/?$/,
				params: [{"name":"id","optional":false,"rest":false,"chained":false}],
				page: { layouts: [0,], errors: [1,], leaf: 3 },
				endpoint: null
			}
		],
		prerendered_routes: new Set(["/shop/","/shop/about","/shop/old","/shop/private","/shop/blog/hello-world","/shop/blog/second-post"]),
		matchers: async () => {
			
			return {  };
		},
		server_assets: {}
	}
}
})();
