package validate

import "hash/maphash"

// locSet is the <loc>s of one run, for the URLs listed twice and the
// hreflang alternates that are a <loc>: each kept as a 128-bit hash of
// it, and where it was first read. A URL costs about 40 bytes however
// long it is, so the 2.5 million URLs of a set of 50 full files take
// about 100 MB, not the gigabyte their strings would.
//
// The hash is keyed with two seeds chosen at random for each run (hash/
// maphash), so no file can be made to have two URLs taken for one, and
// the chance that two URLs of a run share both halves by accident is
// about n²/2¹²⁹: nil for any set the protocol allows.
type locSet struct {
	seeds [2]maphash.Seed
	first map[[2]uint64]where
}

// where is a place in a file of a run: the file's index in
// checker.reports (that of the file being checked is len(reports)) and
// a line.
type where struct{ file, line int32 }

func newLocSet() *locSet {
	return &locSet{
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()},
		first: make(map[[2]uint64]where),
	}
}

func (s *locSet) key(loc string) [2]uint64 {
	return [2]uint64{maphash.String(s.seeds[0], loc), maphash.String(s.seeds[1], loc)}
}

// add records loc read at w, and returns where it was read first when it
// was read before. A nil set records nothing ([Read] looks for no URL
// listed twice).
func (s *locSet) add(loc string, w where) (first where, twice bool) {
	if s == nil {
		return where{}, false
	}
	k := s.key(loc)
	if first, twice = s.first[k]; !twice {
		s.first[k] = w
	}
	return first, twice
}

// has reports whether loc was read.
func (s *locSet) has(loc string) bool {
	if s == nil {
		return false
	}
	_, ok := s.first[s.key(loc)]
	return ok
}
