package qr

// Reed-Solomon error correction over GF(256) with the field polynomial x⁸+x⁴+x³+x²+1
// (0x11D), as QR codes use it.

var gfExp, gfLog = func() (exp [512]byte, log [256]byte) {
	x := 1
	for i := range 255 {
		exp[i] = byte(x)
		log[x] = byte(i)
		x <<= 1
		if x&0x100 != 0 {
			x ^= 0x11D
		}
	}
	for i := 255; i < 512; i++ {
		exp[i] = exp[i-255] // so that a product's logs need no reduction
	}
	return exp, log
}()

func gfMul(a, b byte) byte {
	if a == 0 || b == 0 {
		return 0
	}
	return gfExp[int(gfLog[a])+int(gfLog[b])]
}

// generator is the product of (x - αⁱ) for i below degree, highest coefficient first
// (which is 1 and left out).
func generator(degree int) []byte {
	g := []byte{1}
	for i := range degree {
		next := make([]byte, len(g)+1)
		for j, c := range g {
			next[j] ^= c
			next[j+1] ^= gfMul(c, gfExp[i])
		}
		g = next
	}
	return g[1:]
}

// remainder is data·x^len(gen) modulo the generator: the error correction codewords.
func remainder(data, gen []byte) []byte {
	rem := make([]byte, len(gen))
	for _, d := range data {
		factor := d ^ rem[0]
		copy(rem, rem[1:])
		rem[len(rem)-1] = 0
		for i, g := range gen {
			rem[i] ^= gfMul(g, factor)
		}
	}
	return rem
}
