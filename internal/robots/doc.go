// Package robots reads a robots.txt file and says whether a crawler may
// fetch a URL path, as RFC 9309 (the Robots Exclusion Protocol) and
// Google's open-source parser (github.com/google/robotstxt) judge it.
//
// # Parsing
//
// [Parse] takes any bytes and never fails: a line it does not understand
// is skipped, as crawlers skip it. Lines end in LF, CR or CR LF; a UTF-8
// byte order mark (or a part of one) at the start is skipped; # starts a
// comment; a line longer than [MaxLine] bytes is cut there. A record is
// NAME: VALUE, the name in any case; as Google does, the colon may be
// left out when the value is one word, and the common misspellings of
// user-agent and disallow are taken.
//
// A group is one or more User-agent lines and the Allow and Disallow
// lines after them; a User-agent line after a rule starts the next group.
// Rules before any User-agent line are ignored. The groups of one
// product token are merged, wherever they are in the file.
//
// # Matching
//
// A crawler obeys the group of its product token, compared without
// regard to case (a User-agent value is read up to its first character
// that is not a letter, "-" or "_"), else the group of *, else nothing.
// Of the group's rules whose pattern matches the path, the one with the
// longest pattern (in octets, after normalisation) wins; Allow wins a
// tie; no match allows. In a pattern, * is any run of characters, and a
// $ at its end anchors it at the path's end; otherwise a pattern matches
// a prefix. An empty pattern matches nothing. As Google does, Allow:
// /dir/index.html also allows /dir/.
//
// Patterns and paths are compared percent-encoded: octets outside ASCII
// are encoded, escapes of unreserved characters (RFC 3986: letters,
// digits, - . _ ~) are decoded, the others' hex digits are upper case.
// RFC 9309 asks for the decoding; Google's parser does not do it (its
// test calls relying on it illegal), so a pattern /%62az matches /baz
// here, and not for Google.
//
// Matching is linear in the pattern and the path, except for patterns
// with several *, and allocates nothing unless the path holds an escape
// to normalise.
//
// The site's robots.txt is read bounded (limits.robots_bytes), and only
// where it governs: the site folder of a base URL at a host's root.
// [Judge] answers for Googlebot, Bingbot and "*" at once, and gives the rule
// (line, pattern) that decides, without allocating.
package robots
