//go:build !unix

package fsx

const nonBlock = 0

const dirFlags = 0
