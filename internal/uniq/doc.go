// Package uniq keeps a list of strings without repeats, in the order
// they came: the terms of a page's front matter, a project's template
// languages, the variables of a permalink. Such a list is short on a
// real site and may hold tens of thousands of items in a file of a pull
// request; a search of the list for each item added made its reading
// quadratic (40,000 tags on two pages took 11 seconds). A [List] is
// searched while it is short, as that costs less than a set, and looked
// up in a set once it is longer than [Few].
//
// Tests hold a reader's work to the items it reads by counting the
// strings each search compares ([Count]), never by timing it.
package uniq
