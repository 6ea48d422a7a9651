//go:build !linux

package main

import "time"

// processCPU is not measured where /proc is not at hand.
func processCPU(int) (time.Duration, bool) { return 0, false }

// loadAverage is unknown where /proc is not at hand.
func loadAverage() string { return "" }

// machineCPU is unknown where /proc is not at hand.
func machineCPU() (machineTimes, bool) { return machineTimes{}, false }
