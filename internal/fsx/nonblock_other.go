//go:build !unix

package fsx

const nonBlock = 0
