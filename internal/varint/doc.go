// Package varint reads what encoding/binary's AppendUvarint and
// AppendVarint wrote, and bytes written after their length as a uvarint,
// from a byte slice, for the files sitemapgen keeps between builds. A
// [Reader]'s first failure sticks: every read after it gives zero
// values, and [Reader.Err] says it; nothing it reads panics, nor
// allocates more than the bytes left hold.
//
// The writers append with encoding/binary. A [StringReader] gives strings
// that share one copy of its bytes.
package varint
