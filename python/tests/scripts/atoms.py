# Symbolic atoms: iteration, lookup, signatures, facts and externals.
import clingo
from clingo import Function, Number

ctl = clingo.Control()
ctl.add("base", [], "a(1..3). { b(X) } :- a(X). #external e(1..2). c :- e(1). -d. #external f. [true] g(\"s\", (1,2)).")
ctl.add("step", ["t"], "s(t). #external q(t).")
ctl.ground([("base", []), ("step", [Number(5)])])
atoms = ctl.symbolic_atoms
print(len(atoms))
print(sorted((str(a.symbol), a.is_fact, a.is_external) for a in atoms))
print(sorted(str(a.symbol) for a in atoms.by_signature("b", 1)))
print(sorted(str(a.symbol) for a in atoms.by_signature("d", 0, False)))
print(sorted(atoms.signatures))
print(Function("a", [Number(1)]) in atoms, Function("zz") in atoms, atoms[Function("zz")])
print(atoms[Function("b", [Number(2)])].is_fact, atoms[Function("a", [Number(2)])].is_fact)
print(atoms[Function("e", [Number(1)])].is_external, atoms[Function("c")].is_external)
print(atoms[Function("a", [Number(1)])].symbol, atoms[Function("a", [Number(1)])].match("a", 1))
lits = [a.literal for a in atoms]
print(len(set(lits)) == len(lits), all(isinstance(l, int) for l in lits))
ctl.release_external(Function("e", [Number(2)]))
print(ctl.symbolic_atoms[Function("e", [Number(2)])] is None or not ctl.symbolic_atoms[Function("e", [Number(2)])].is_external)

# an external that a fact or a rule also defines is no longer external (corpus 9)
ctl = clingo.Control()
ctl.add("base", [], "p(1). { p(3) }. #external p(1..3). #external e. e :- p(1). #external h. h :- e, not p(2).")
ctl.ground([("base", [])])
print(sorted((str(a.symbol), a.is_fact, a.is_external) for a in ctl.symbolic_atoms))
