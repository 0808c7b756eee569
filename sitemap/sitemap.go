package sitemap

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// Protocol constants and limits.
const (
	// Namespace is the XML namespace of <urlset> and <sitemapindex>.
	Namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

	// MaxURLs is the most <url> entries in one sitemap file, and the most
	// <sitemap> entries in one index file.
	MaxURLs = 50000

	// DefaultMaxBytes is the size limit of one uncompressed sitemap file
	// that sitemapgen applies unless told otherwise: 10 MiB, the limit the
	// protocol first set and that older crawlers still enforce.
	DefaultMaxBytes = 10 << 20

	// MaxBytes is the largest size limit the protocol allows today: 50 MiB
	// uncompressed.
	MaxBytes = 50 << 20

	// MaxLocLength bounds a <loc>: it must be shorter than this many
	// characters.
	MaxLocLength = 2048

	// ImageNamespace is the namespace of Google's image extension,
	// <image:image> with its <image:loc>.
	ImageNamespace = "http://www.google.com/schemas/sitemap-image/1.1"

	// MaxImages is the most <image:image> entries of one <url>.
	MaxImages = 1000

	// VideoNamespace is the namespace of Google's video extension,
	// <video:video>.
	VideoNamespace = "http://www.google.com/schemas/sitemap-video/1.1"

	// MaxVideoTitle and MaxVideoDescription bound a <video:title> and a
	// <video:description>, in characters; MaxVideoDuration bounds a
	// <video:duration>, in seconds (eight hours).
	MaxVideoTitle       = 100
	MaxVideoDescription = 2048
	MaxVideoDuration    = 28800

	// NewsNamespace is the namespace of Google's news extension,
	// <news:news>.
	NewsNamespace = "http://www.google.com/schemas/sitemap-news/0.9"

	// MaxNewsURLs is the most <url> entries of one news sitemap.
	MaxNewsURLs = 1000

	// NewsWindow is how old an article a news sitemap lists may be:
	// Google reads only articles published in the last two days.
	NewsWindow = 48 * time.Hour
)

// URL is one page of a sitemap: the record that mapping builds and writer
// encodes. Zero values mean "not set" and are left out of the XML.
type URL struct {
	// Loc is the page's absolute URL, percent-encoded per RFC 3986 and
	// not XML-escaped (the writer escapes it).
	Loc string
	// LastMod is when the page last changed; the zero Time means unknown.
	LastMod time.Time
	// ChangeFreq is how often the page is likely to change.
	ChangeFreq ChangeFreq
	// Priority is the page's priority relative to the site's other pages.
	Priority Priority
	// Alternates are the page's language versions, written as
	// <xhtml:link rel="alternate" hreflang href> children.
	Alternates []Alternate
	// Images are the images the page shows, written as
	// <image:image><image:loc> children: absolute, percent-encoded URLs,
	// at most MaxImages.
	Images []Image
	// Videos are the videos the page plays, written as <video:video>
	// children, in the page's order.
	Videos []Video
	// News, when not nil, makes the page an article of the news
	// sitemap: a <url> there with this <news:news>. The page's <url> in
	// the other sitemaps is the same without it.
	News *News
}

// URLs are the records a build hands on, sorted by Loc and free of
// duplicates: Len of them, read by index, each more than once, and
// concurrently. A build of a million pages keeps its records compact and
// hands them over through At, rather than as a million URL values; the
// writer, the changes file and the feed read them.
type URLs interface {
	Len() int
	At(i int) URL
}

// Slice is a []URL as URLs.
type Slice []URL

// Len returns len(s).
func (s Slice) Len() int { return len(s) }

// At returns s[i].
func (s Slice) At(i int) URL { return s[i] }

// LastMods returns each URL of urls with its lastmod as a sitemap writes
// it in format, "" when it has none: what a sitemap tells of each page,
// which a build compares with the previous build's. Each URL is copied:
// a URLs may give a loc that shares its bytes with more (a translated
// page's is its own alternate's href, in the string of its cluster's
// links), which the map would keep alive.
func LastMods(urls URLs, format DateFormat) map[string]string {
	m := make(map[string]string, urls.Len())
	for i := range urls.Len() {
		u := urls.At(i)
		m[strings.Clone(u.Loc)] = string(AppendLastMod(nil, u.LastMod, format))
	}
	return m
}

// Alternate is a language version of a page: an xs:language tag (en,
// de-AT, x-default) and an absolute, percent-encoded URL.
type Alternate struct {
	Lang, Href string
}

// Image is an image of a page: its absolute, percent-encoded URL.
type Image struct {
	Loc string
}

// Video is a video a page plays: a <video:video>. Its locations are
// absolute, percent-encoded URLs; its strings are not XML-escaped (the
// writer escapes them). ThumbnailLoc, Title, Description and one of
// ContentLoc and PlayerLoc are required; the zero value of the others is
// "not said" and left out.
type Video struct {
	ThumbnailLoc string
	Title        string // at most MaxVideoTitle characters
	Description  string // at most MaxVideoDescription characters
	ContentLoc   string // the video file
	PlayerLoc    string // a player for it
	Duration     int    // seconds, 1 to MaxVideoDuration
	// PublicationDate and ExpirationDate are when the video was first
	// published and when it will no longer be available.
	PublicationDate, ExpirationDate time.Time
	FamilyFriendly                  Flag
	RequiresSubscription            Flag
	Live                            Flag
}

// Flag is a yes or no of the video extension; the zero value is not said.
type Flag uint8

// The values of a Flag.
const (
	FlagUnset Flag = iota
	FlagYes
	FlagNo
)

// String returns "yes", "no" or "".
func (f Flag) String() string {
	switch f {
	case FlagYes:
		return "yes"
	case FlagNo:
		return "no"
	}
	return ""
}

// News is a news article's <news:news>: the publication it is of (its
// name and ISO 639 language: two or three lowercase letters, or zh-cn or
// zh-tw), when it was published, and its title.
type News struct {
	PublicationName string
	Language        string
	PublicationDate time.Time
	Title           string
}

// ErrLocTooLong reports a URL of MaxLocLength characters or more.
var ErrLocTooLong = errors.New("URL is 2,048 characters or longer")

// CheckLoc reports whether loc can be a <loc>: an absolute http or https URL
// shorter than MaxLocLength characters, already percent-encoded (no spaces,
// control characters or non-ASCII bytes).
func CheckLoc(loc string) error {
	if len(loc) >= MaxLocLength {
		return fmt.Errorf("%w (%d)", ErrLocTooLong, len(loc))
	}
	rest, ok := strings.CutPrefix(loc, "https://")
	if !ok {
		rest, ok = strings.CutPrefix(loc, "http://")
	}
	if !ok || rest == "" || rest[0] == '/' {
		return fmt.Errorf("not an absolute http(s) URL: %q", diag.URL(loc))
	}
	for i := 0; i < len(loc); i++ {
		if c := loc[i]; c <= ' ' || c >= 0x7f {
			return fmt.Errorf("URL has an unencoded byte 0x%02x at offset %d", c, i)
		}
	}
	return nil
}

// ChangeFreq is the <changefreq> of a URL. The zero value means "not set".
type ChangeFreq uint8

// The seven values the protocol allows.
const (
	Always ChangeFreq = iota + 1
	Hourly
	Daily
	Weekly
	Monthly
	Yearly
	Never
)

var changeFreqNames = [...]string{"", "always", "hourly", "daily", "weekly", "monthly", "yearly", "never"}

// ChangeFreqNames lists the values ParseChangeFreq accepts, in protocol order.
var ChangeFreqNames = changeFreqNames[1:]

// ParseChangeFreq parses one of the protocol's seven values; case matters,
// as it does in the schema. Its error quotes an excerpt of s (diag.Excerpt:
// a file's value may be megabytes).
func ParseChangeFreq(s string) (ChangeFreq, error) {
	for i, name := range changeFreqNames[1:] {
		if s == name {
			return ChangeFreq(i + 1), nil
		}
	}
	return 0, fmt.Errorf("changefreq %q is not one of %s", diag.Excerpt(s), strings.Join(ChangeFreqNames, ", "))
}

// String returns the protocol value, or "" when c is not set.
func (c ChangeFreq) String() string {
	if int(c) < len(changeFreqNames) {
		return changeFreqNames[c]
	}
	return ""
}

// Priority is the <priority> of a URL, from 0.0 to 1.0, held in thousandths
// so that it prints exactly. The zero value means "not set".
type Priority struct {
	milli uint16
	set   bool
}

// DefaultPriority is what a crawler assumes when a URL has no <priority>;
// the writer leaves a priority equal to it out.
var DefaultPriority = Priority{milli: 500, set: true}

// PriorityOf returns the priority f, rounded to thousandths. It fails when f
// is outside 0.0–1.0 or is not a number.
func PriorityOf(f float64) (Priority, error) {
	if !(f >= 0 && f <= 1) { // also catches NaN
		return Priority{}, fmt.Errorf("priority %v is outside 0.0–1.0", f)
	}
	return Priority{milli: uint16(f*1000 + 0.5), set: true}, nil
}

// ParsePriority parses a decimal such as "0.8". Its error quotes an
// excerpt of s, as ParseChangeFreq's does.
func ParsePriority(s string) (Priority, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return Priority{}, fmt.Errorf("priority %q is not a number", diag.Excerpt(s))
	}
	return PriorityOf(f)
}

// IsSet reports whether p holds a value.
func (p Priority) IsSet() bool { return p.set }

// Float returns p as a number; 0 when p is not set.
func (p Priority) Float() float64 { return float64(p.milli) / 1000 }

// String returns p with one to three decimals ("0.8", "0.25", "1.0"), or ""
// when p is not set.
func (p Priority) String() string { return string(p.Append(nil)) }

// Append appends the String form of p to b.
func (p Priority) Append(b []byte) []byte {
	if !p.set {
		return b
	}
	b = append(b, byte('0'+p.milli/1000), '.')
	frac := p.milli % 1000
	b = append(b, byte('0'+frac/100))
	if frac%100 != 0 {
		b = append(b, byte('0'+frac/10%10))
		if frac%10 != 0 {
			b = append(b, byte('0'+frac%10))
		}
	}
	return b
}

// DateFormat chooses how a <lastmod> is written.
type DateFormat uint8

const (
	// DateTime writes a full W3C datetime to the second with its zone,
	// such as 2024-05-01T09:30:00Z.
	DateTime DateFormat = iota
	// Date writes the calendar date only, such as 2024-05-01.
	Date
)

// ParseDateFormat parses "datetime" or "date".
func ParseDateFormat(s string) (DateFormat, error) {
	switch s {
	case "datetime":
		return DateTime, nil
	case "date":
		return Date, nil
	}
	return 0, fmt.Errorf("lastmod format %q is not \"datetime\" or \"date\"", s)
}

// String returns "datetime" or "date".
func (f DateFormat) String() string {
	if f == Date {
		return "date"
	}
	return "datetime"
}

// AppendLastMod appends t in format f (W3C Datetime, as the protocol
// requires), in t's own location. A zero t, or one outside the years 1–9999
// that W3C Datetime can express, appends nothing.
func AppendLastMod(b []byte, t time.Time, f DateFormat) []byte {
	if y := t.Year(); t.IsZero() || y < 1 || y > 9999 {
		return b
	}
	if f == Date {
		return t.AppendFormat(b, time.DateOnly)
	}
	return t.AppendFormat(b, time.RFC3339)
}
