//go:build !unix

package build

const nonBlock = 0
