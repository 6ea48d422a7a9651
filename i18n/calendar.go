package i18n

import (
	"context"
	"time"
)

// Date is the calendar date of t (in UTC) as the language of ctx dates things: the Solar
// Hijri calendar in Persian, which Iran and Afghanistan use (the month names are the
// catalog's history.month.N), the Gregorian calendar in the other languages.
func Date(ctx context.Context, t time.Time) (year, month, day int) {
	t = t.UTC()
	y, m, d := t.Date()
	if Calendar(ctx) == "persian" {
		return solarHijri(y, int(m), d)
	}
	return y, int(m), d
}

// Calendar is the CLDR name of the calendar Date uses ("persian" or "gregory"), for the
// browser's Intl.DateTimeFormat to write the same calendar in the visitor's time zone.
func Calendar(ctx context.Context) string {
	if FromContext(ctx).Code == "fa" {
		return "persian"
	}
	return "gregory"
}

// hijriBreaks are the Solar Hijri years in which the pattern of leap years changes: between
// two breaks the leap years follow 33-year cycles. The table (and the arithmetic below) is
// Borkowski's, "The Persian calendar for 3000 years" (1996), which matches the astronomical
// calendar Iran keeps for the years the site will ever show.
var hijriBreaks = [...]int{-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178}

// solarHijri converts a Gregorian date to the Solar Hijri calendar.
func solarHijri(gy, gm, gd int) (jy, jm, jd int) {
	jdn := julianDay(gy, gm, gd)
	jy = gy - 621
	leap, march := hijriYear(jy)
	k := jdn - julianDay(gy, 3, march) // days since the first of Farvardin of jy
	if k >= 0 {
		if k <= 185 { // the first six months have 31 days
			return jy, 1 + k/31, k%31 + 1
		}
		k -= 186
	} else {
		jy--
		k += 179
		if leap == 1 {
			k++
		}
	}
	return jy, 7 + k/30, k%30 + 1
}

// hijriYear returns, for the Solar Hijri year jy, how many years have passed since its last
// leap year (0 when jy itself is one) and the day of March (of Gregorian year jy+621) on which
// jy begins.
func hijriYear(jy int) (leap, march int) {
	gy := jy + 621
	leapJ, jp, jump := -14, hijriBreaks[0], 0
	for _, jm := range hijriBreaks[1:] {
		jump = jm - jp
		if jy < jm {
			break
		}
		leapJ += jump/33*8 + jump%33/4
		jp = jm
	}
	n := jy - jp
	leapJ += n/33*8 + (n%33+3)/4
	if jump%33 == 4 && jump-n == 4 {
		leapJ++
	}
	leapG := gy/4 - (gy/100+1)*3/4 - 150
	march = 20 + leapJ - leapG
	if jump-n < 6 {
		n = n - jump + (jump+4)/33*33
	}
	leap = ((n+1)%33 - 1) % 4
	if leap == -1 {
		leap = 4
	}
	return leap, march
}

// julianDay is the Julian day number of a Gregorian date.
func julianDay(y, m, d int) int {
	n := (y+(m-8)/6+100100)*1461/4 + (153*((m+9)%12)+2)/5 + d - 34840408
	return n - (y+100100+(m-8)/6)/100*3/4 + 752
}
