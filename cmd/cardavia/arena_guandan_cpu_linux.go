package main

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID, which the syscall package does not
// name: the CPU time of the calling thread, in nanoseconds.
const clockThreadCPUTime = 3

// cpuTimer starts timing the CPU time the calling goroutine's thread spends, and returns the
// function that stops it. The goroutine stays on its thread meanwhile, so the time is the
// decision's alone, however many other programs share the cores.
func cpuTimer() func() time.Duration {
	runtime.LockOSThread()
	t0 := threadCPU()
	return func() time.Duration {
		d := threadCPU() - t0
		runtime.UnlockOSThread()
		return d
	}
}

func threadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
