// Package config turns a command line of build or watch, sitemap.yaml, the
// environment and what the project's files say into the options of a
// build.
//
// # One table of settings
//
// Every setting is declared once, as a row of [Settings]: its flag, its
// key in sitemap.yaml, its environment variable, its type, default and
// check, its help. The flag set ([Table.Parse]), the strict decoding of
// sitemap.yaml ([Parse]), the flag list of --help ([Table.Help]) and the
// precedence ([Resolve]) are derived from the table.
//
// # Precedence
//
// For every setting, a flag wins over the environment (SITEMAP_BASE_URL),
// which wins over the file, which wins over what the project says (the
// hosting platform's build environment and files, the site generator's
// configuration: internal/project), which wins over the default. A list
// given by a flag (--include, --exclude) replaces the file's list.
//
// # Errors
//
// Decoding is strict: an unknown key, a value of the wrong type or outside
// its range, or an invalid glob is a *diag.Diagnostic that names the file
// and line. A value from a flag or the environment that fails its check is
// an error that names the flag or the variable.
//
// # Files
//
//   - settings.go: each flag, key, variable, type, default, check and help,
//     declared once; checks.go: the checks the settings name.
//   - table.go, file.go: the machinery that derives the flag set, the
//     strict decoding of sitemap.yaml and the --help lists from a table.
//   - resolve.go: [Resolve]: the layering, the project's values under
//     it, and the checks of the values against the base URL, which the
//     project may give.
//   - options.go: the stages' options (Config.options, with mapOptions,
//     writeOptions and the cache folder).
//   - layer.go: the layering of a run's values: flag > environment >
//     file > the project's value > default; the checks of the values
//     given against each other, before the project is read.
//   - commands.go: the commands a run may start, and the rule that a
//     command the settings file names runs only when the caller allows it.
//   - ask.go: what it tells project.Discover of the values given, and
//     layers.under, which lays the project's values under them.
//   - runby.go: the hints, in the words of the tool that runs sitemapgen.
//
// This package imports neither internal/generator nor internal/host
// (TestLayersOnly), and reads no generator's or platform's file itself.
//
// # The table
//
// Each setting of build and watch is one row of [Settings]: its flag name
// (and a one-letter name for the two typed most, -q and -v) and its
// value's name, its sitemap.yaml key (dotted for nested keys), the
// environment variable that gives it, the field it sets with its type,
// default and check, and its help lines. The precedence records where each
// value came from, for the messages that name it, and for the project,
// which fills only what nobody gave. submit, validate and init declare
// their flags in tables of their own with the same machinery. Tests hold
// the README's flag table and docs/sitemap.yaml.example against the table.
// Adding a setting is adding a row and using its value in Config.options.
//
// # The route of a setting
//
// Settings resolve in one pass down. cli parses the command line with the
// table. Resolve layers the defaults, sitemap.yaml, the environment and the
// flags (layer), which checks what was given. It asks the project once
// (project.Discover, told what was given by layers.ask, and handed the
// environment apart), lays the project's answers under the values given
// (layers.under), and hands the stages their options (Config.options).
//
// Two routes of the base URL show it.
//
// With --base-url https://example.org/docs/: cli.Main dispatches to build,
// whose Table.Parse sets Values.BaseURL (checked by the row's
// mapping.ParseBaseURL) and records the flag as given. layer lays it over
// the file's base_url: and SITEMAP_BASE_URL, with from["base_url"] =
// "--base-url". layers.ask tells the project it was given above the file
// (project.Above), so Discover looks for no base URL of its own
// (fillBaseURL returns at once). Resolve keeps the flag's value, and
// BaseURLFrom names --base-url. Config.options puts it in
// pipeline.Options.Map.BaseURL. pipeline.Run makes the mapper (mapping.New,
// which normalises it with ParseBaseURL). Mapper.Map gives each page's URL
// path, and join puts it under the base (urls.go). The record carries
// sitemap.URL.Loc through the sort, and the writer's appendURL writes it,
// escaped, as <loc>.
//
// With Hugo's baseURL: cli.Main dispatches to build, which parses the
// command line and calls Resolve. With no flag, variable or key, layers.ask
// says project.NotGiven. Discover finds the platform first (findPlatform),
// then the generators (generator.Detect, whose Hugo detector reads hugo.toml
// or config/_default/ and the environment's files, and sets the base URL
// with where it came from, "hugo.toml baseURL"). The project ranks it
// below a platform's production URL and above the built site's canonical
// links and the platforms' guesses, and says it in Project.BaseURL and
// BaseURLFrom (warning when it is an example domain). layers.under sets
// Values.BaseURL from it, and from there it follows the flag's route.
package config
