# olddefconfig.awk - the fake kernel's olddefconfig: known symbols (first
# file, with their defaults, in order) take the value the .config (second
# file) gives them; unknown symbols are dropped; NUMA needs SMP.
function parse(line) {
	if (line ~ /^CONFIG_[A-Za-z0-9_]+=/) {
		sym = substr(line, 1, index(line, "=") - 1)
		val = substr(line, index(line, "=") + 1)
		return 1
	}
	if (line ~ /^# CONFIG_[A-Za-z0-9_]+ is not set$/) {
		sym = $2
		val = ""
		return 1
	}
	return 0
}
FNR == NR { if (parse($0)) { order[++n] = sym; value[sym] = val }; next }
{ if (parse($0) && (sym in value)) value[sym] = val }
END {
	if (value["CONFIG_SMP"] != "y")
		value["CONFIG_NUMA"] = ""
	for (i = 1; i <= n; i++) {
		s = order[i]
		if (value[s] == "")
			print "# " s " is not set"
		else
			print s "=" value[s]
	}
}
