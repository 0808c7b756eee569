package varint

import (
	"encoding/binary"
	"errors"
	"testing"
)

// TestReader reads what encoding/binary wrote, then fails past it, and
// stays failed.
func TestReader(t *testing.T) {
	b := binary.AppendUvarint(nil, 300)
	b = binary.AppendVarint(b, -5)
	b = append(binary.AppendUvarint(b, 3), "abc"...)
	b = append(b, 7)
	b = binary.AppendUvarint(b, 4)
	r := NewReader(b)
	if v := r.Uvarint(); v != 300 {
		t.Fatalf("Uvarint %d", v)
	}
	if v := r.Varint(); v != -5 {
		t.Fatalf("Varint %d", v)
	}
	if s := r.Bytes(); string(s) != "abc" || cap(s) != 3 {
		t.Fatalf("Bytes %q (cap %d)", s, cap(s))
	}
	if c := r.Byte(); c != 7 {
		t.Fatalf("Byte %d", c)
	}
	if n := r.Count(1, 0); n != 0 || r.Err() == nil {
		t.Fatalf("Count of 4 with no byte left: %d, %v", n, r.Err())
	}
	if !errors.Is(r.Err(), ErrMalformed) || r.Uvarint() != 0 || r.Byte() != 0 || r.Bytes() != nil || r.Len() != 0 {
		t.Fatal("a failed Reader reads on")
	}
	for _, b := range [][]byte{nil, {0x80}, {5, 'a'}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1}} {
		r := NewReader(b)
		r.Bytes()
		if r.Err() == nil {
			t.Errorf("%x: read", b)
		}
	}
}

// TestStringReader reads strings that are of one copy of the bytes, and
// fails past them.
func TestStringReader(t *testing.T) {
	b := append(binary.AppendUvarint(nil, 2), "ab"...)
	b = append(binary.AppendUvarint(b, 3), "cde"...)
	b = binary.AppendUvarint(b, 9)
	r := NewStringReader(b)
	first := r.String()
	b[1] = 'x' // the reader's strings are of its own copy
	if first != "ab" {
		t.Fatalf("String %q", first)
	}
	if s := r.String(); s != "cde" {
		t.Fatalf("String %q", s)
	}
	if s := r.String(); s != "" || r.Err() == nil {
		t.Fatalf("String past the bytes: %q, %v", s, r.Err())
	}
}
