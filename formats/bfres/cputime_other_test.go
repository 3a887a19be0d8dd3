//go:build !unix

package bfres

func processCPU() int64 { return 0 }
