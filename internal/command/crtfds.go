package command

import "encoding/binary"

// crtOpen is the flag of a descriptor that is open in the C runtime's
// table (FOPEN).
const crtOpen = 0x01

// crtHandle returns the handle that the C runtime's table of inherited
// descriptors gives the descriptor fd: the block a Windows parent passes
// in STARTUPINFO's lpReserved2 (Node's libuv, for the stdio beyond the
// third; the Microsoft C runtime too), little-endian: a 4-byte count n,
// n flag bytes, then n handles of size bytes each (the pointer size).
// false when the block gives none: too short for its count, fd past the
// count, not open, or a handle of 0 or -1.
func crtHandle(block []byte, fd, size int) (uintptr, bool) {
	if len(block) < 4 || fd < 0 || size != 4 && size != 8 {
		return 0, false
	}
	n := int(binary.LittleEndian.Uint32(block))
	if n < 0 || fd >= n || n > (len(block)-4)/(1+size) {
		return 0, false
	}
	if block[4+fd]&crtOpen == 0 {
		return 0, false
	}
	at := 4 + n + fd*size
	var h uint64
	if size == 8 {
		h = binary.LittleEndian.Uint64(block[at:])
	} else {
		h = uint64(binary.LittleEndian.Uint32(block[at:]))
	}
	if h == 0 || h == ^uint64(0)>>(64-8*size) { // none, or INVALID_HANDLE_VALUE
		return 0, false
	}
	return uintptr(h), true
}
