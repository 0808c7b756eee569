package command

import (
	"encoding/binary"
	"testing"
)

// crtBlock writes the C runtime's table of descriptors as a Windows
// parent passes it (libuv's layout): the count, a flag byte each, then a
// handle each of size bytes.
func crtBlock(size int, flags []byte, handles []uint64) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(flags)))
	b = append(b, flags...)
	for _, h := range handles {
		if size == 8 {
			b = binary.LittleEndian.AppendUint64(b, h)
		} else {
			b = binary.LittleEndian.AppendUint32(b, uint32(h))
		}
	}
	return b
}

// TestCRTHandle: the handles of descriptors 3 and 4 that Node gives a
// child on Windows (stdio "ignore", "pipe", "pipe", then the two pipes of
// the transform function), read from the table on 64-bit and 32-bit
// Windows; a descriptor the table does not give is none.
func TestCRTHandle(t *testing.T) {
	flags := []byte{0, 0x09, 0x09, 0x09, 0x09} // FOPEN|FPIPE; stdin ignored
	for _, size := range []int{8, 4} {
		block := crtBlock(size, flags, []uint64{0, 0x1c4, 0x1c8, 0x2a0, 0x2a4})
		for fd, want := range map[int]uintptr{3: 0x2a0, 4: 0x2a4, 1: 0x1c4} {
			if h, ok := crtHandle(block, fd, size); !ok || h != want {
				t.Errorf("size %d: descriptor %d: %#x, %v; want %#x", size, fd, h, ok, want)
			}
		}
		for _, fd := range []int{0, 5, -1, 1 << 20} {
			if h, ok := crtHandle(block, fd, size); ok {
				t.Errorf("size %d: descriptor %d: %#x, want none", size, fd, h)
			}
		}
		// Cut short of its count: none read past its end.
		if h, ok := crtHandle(block[:len(block)-1], 3, size); ok {
			t.Errorf("size %d: a short table gives %#x", size, h)
		}
	}
	invalid := crtBlock(8, []byte{1, 1, 1, 1}, []uint64{1, 2, 3, ^uint64(0)})
	if h, ok := crtHandle(invalid, 3, 8); ok {
		t.Errorf("INVALID_HANDLE_VALUE: %#x, want none", h)
	}
	for _, block := range [][]byte{nil, {1, 0}, crtBlock(8, nil, nil), {0xff, 0xff, 0xff, 0xff, 1}} {
		if h, ok := crtHandle(block, 3, 8); ok {
			t.Errorf("table %x gives %#x", block, h)
		}
	}
}
